// Expression layer: the one dispatch over expression kinds, constants, frame-slot lookup and
// name resolution (variables, aliases, parameters, named constants).
import type { Expr } from '../../../../../core/gsql/index.js';
import { parseDatetime } from '../../../values.js';
import { ArrowValue, type Acc } from '../../accum.js';
import { Interval } from '../../functions-datetime.js';
import { contains, likeRegex } from '../context/runtime-helpers.js';
import { type CE, type Cx, type Fn, CONSTANTS } from '../context/compile-types.js';
import type { CompileContext } from '../context/compile-context.js';
import { checkLoopVertex } from '../context/symbols.js';
import type { Run, VAcc } from '../../run.js';
import { edgeAccums, type EAcc } from '../../edge-accum.js';
import { cmp, defaultValue, eq, num, toInt } from '../../runtime-values.js';
import {
  accumValueType,
  ANY,
  BOOL,
  DATETIME,
  DOUBLE,
  INT,
  isFloatType,
  isIntType,
  STRING,
  type T,
} from '../../types.js';
import { compileCall } from './calls.js';
import { compileMethod } from './methods.js';
import { compileBinary } from './operators.js';
import { compileAttr, compileIndex, compileSeeds } from './vertex-access.js';

export function compileConstant(comp: CompileContext, v: unknown, t: T): CE {
  return { f: () => v, t };
}

export function compileExpr(comp: CompileContext, e: Expr, cx: Cx): CE {
  switch (e.kind) {
    case 'IntLit':
      return compileConstant(comp, e.value, INT);
    case 'FloatLit':
      // The data-types and attribute-types pages: FLOAT and DOUBLE constants in a query are
      // fixed point (d.dddd); only the loader reads exponential notation.
      if (/[eE]/.test(e.text))
        comp.error(
          e,
          'QUERY-SYNTAX',
          `${e.text}: a numeric constant in a query is written in fixed point (no exponent); ` +
            'only loading jobs read exponential notation',
        );
      return compileConstant(comp, e.value, DOUBLE);
    case 'StringLit':
      return compileConstant(comp, e.value, STRING);
    case 'BoolLit':
      return compileConstant(comp, e.value, BOOL);
    case 'NullLit':
      return compileConstant(comp, null, ANY);
    case 'DatetimeLit': {
      let v = 0;
      try {
        v = parseDatetime(e.value);
      } catch {
        comp.error(e, 'QUERY-SYNTAX', `bad datetime ${e.value}`);
      }
      return compileConstant(comp, v, DATETIME);
    }
    case 'Name':
      return compileName(comp, e.name, e, cx);
    case 'GlobalAccum': {
      const info = comp.gaccs.get(e.name);
      if (!info) {
        comp.error(e, 'QUERY-UNKNOWN-ACCUM', `unknown accumulator @@${e.name}`);
        return compileConstant(comp, null, ANY);
      }
      const i = info.index;
      const t = accumValueType(info.spec);
      if (e.prime) {
        comp.primedG.add(i);
        return { f: (r) => (i in r.gPrev ? r.gPrev[i] : (r.g[i] as Acc).value()), t };
      }
      return { f: (r) => (r.g[i] as Acc).value(), t };
    }
    case 'VertexAccum': {
      const edgeInfo = comp.eaccs.get(e.name);
      if (edgeInfo) {
        const ef = e.target && !e.prime ? compileExpr(comp, e.target, cx).f : null;
        if (!ef) {
          comp.error(e, 'QUERY-BAD-TARGET', `@${e.name} is an edge accumulator: read e.@${e.name}`);
          return compileConstant(comp, null, ANY);
        }
        const i = edgeInfo.index;
        return {
          f: (r) => (edgeAccums(r)[i] as EAcc).get(ef(r)),
          t: accumValueType(edgeInfo.spec),
        };
      }
      const info = comp.vaccs.get(e.name);
      if (!info) {
        comp.error(e, 'QUERY-UNKNOWN-ACCUM', `unknown vertex accumulator @${e.name}`);
        return compileConstant(comp, null, ANY);
      }
      checkLoopVertex(comp, e.target, cx);
      if (!e.target) {
        comp.error(e, 'QUERY-BAD-TARGET', `@${e.name} needs a vertex: write v.@${e.name}`);
        return compileConstant(comp, null, ANY);
      }
      const target = compileExpr(comp, e.target, cx);
      const i = info.index;
      const tf = target.f;
      const t = accumValueType(info.spec);
      if (e.prime) {
        comp.primedV.add(i);
        return { f: (r) => (r.va[i] as VAcc).getPrev(tf(r) as number), t };
      }
      const direct = slotOf(comp, e.target, cx);
      if (direct >= 0) return { f: (r) => (r.va[i] as VAcc).get(r.f[direct] as number), t };
      return { f: (r) => (r.va[i] as VAcc).get(tf(r) as number), t };
    }
    case 'Attr':
      return compileAttr(comp, e, cx);
    case 'MethodCall':
      return compileMethod(comp, e, cx);
    case 'Call':
      return compileCall(comp, e, cx);
    case 'Index':
      return compileIndex(comp, e, cx);
    case 'Unary': {
      const o = compileExpr(comp, e.operand, cx);
      const f = o.f;
      if (e.op === 'NOT') return { f: (r) => !f(r), t: BOOL };
      if (e.op === '~') return { f: (r) => toInt(BigInt.asIntN(64, ~BigInt(toInt(f(r))))), t: INT };
      if (isIntType(o.t))
        return {
          f: (r) => {
            const v = f(r);
            return typeof v === 'bigint' ? -v : -(v as number);
          },
          t: o.t,
        };
      return { f: (r) => -num(f(r)), t: isFloatType(o.t) ? o.t : DOUBLE };
    }
    case 'Binary':
      return compileBinary(
        comp,
        e.op,
        compileExpr(comp, e.left, cx),
        compileExpr(comp, e.right, cx),
        e,
      );
    case 'In': {
      const v = compileExpr(comp, e.value, cx).f;
      const neg = e.negated;
      if (e.set.kind === 'TupleLit' || e.set.kind === 'ListLit') {
        const items = e.set.items.map((x) => compileExpr(comp, x, cx).f);
        return {
          f: (r) => {
            const x = v(r);
            const found = items.some((it) => eq(it(r), x));
            return neg ? !found : found;
          },
          t: BOOL,
        };
      }
      const s = compileExpr(comp, e.set, cx).f;
      return {
        f: (r) => {
          const found = contains(s(r), v(r));
          return neg ? !found : found;
        },
        t: BOOL,
      };
    }
    case 'IsNull': {
      const param = nullableParam(comp, e.value, cx);
      if (param >= 0) return { f: (r) => r.nullParams.has(param) !== e.negated, t: BOOL };
      const v = compileExpr(comp, e.value, cx).f;
      return { f: (r) => (v(r) == null) !== e.negated, t: BOOL };
    }
    case 'Between': {
      const v = compileExpr(comp, e.value, cx).f;
      const lo = compileExpr(comp, e.low, cx).f;
      const hi = compileExpr(comp, e.high, cx).f;
      return {
        f: (r) => {
          const x = v(r);
          const l = lo(r);
          // Numbers (the usual case: a date or amount range) as cmp orders them, without a call;
          // the high end is evaluated only when the low one holds, as before.
          let inside: boolean;
          if (typeof x === 'number' && typeof l === 'number') {
            if (x < l) inside = false;
            else {
              const h = hi(r);
              inside = typeof h === 'number' ? !(x > h) : cmp(x, h) <= 0;
            }
          } else inside = cmp(x, l) >= 0 && cmp(x, hi(r)) <= 0;
          return inside !== e.negated;
        },
        t: BOOL,
      };
    }
    case 'Like': {
      const v = compileExpr(comp, e.value, cx).f;
      const p = compileExpr(comp, e.pattern, cx).f;
      const esc = e.escape ? compileExpr(comp, e.escape, cx).f : null;
      const cache = new Map<string, RegExp>();
      return {
        f: (r) => {
          const pat = String(p(r));
          let re = cache.get(pat);
          if (!re) cache.set(pat, (re = likeRegex(pat, esc ? String(esc(r)) : '\\')));
          return re.test(String(v(r))) !== e.negated;
        },
        t: BOOL,
      };
    }
    case 'ListLit': {
      const items = e.items.map((x) => compileExpr(comp, x, cx));
      const fs = items.map((x) => x.f);
      return { f: (r) => fs.map((x) => x(r)), t: { k: 'list', el: items[0]?.t ?? ANY } };
    }
    case 'TupleLit': {
      const fs = e.items.map((x) => compileExpr(comp, x, cx).f);
      return { f: (r) => fs.map((x) => x(r)), t: { k: 'list', el: ANY } };
    }
    case 'Arrow': {
      const ks = e.keys.map((x) => compileExpr(comp, x, cx).f);
      const vs = e.values.map((x) => compileExpr(comp, x, cx).f);
      const [k0, v0] = [ks[0], vs[0]];
      // `(k -> v)`, the common MapAccum input: no closure or mapping per evaluation.
      if (ks.length === 1 && vs.length === 1 && k0 && v0)
        return { f: (r) => new ArrowValue([k0(r)], [v0(r)]), t: ANY };
      const all = (fs: Fn[], r: Run): unknown[] => {
        const out = new Array<unknown>(fs.length);
        for (let i = 0; i < fs.length; i++) out[i] = (fs[i] as Fn)(r);
        return out;
      };
      return { f: (r) => new ArrowValue(all(ks, r), all(vs, r)), t: ANY };
    }
    case 'CaseExpr': {
      const subject = e.subject ? compileExpr(comp, e.subject, cx).f : null;
      const whens = e.whens.map((w) => ({
        when: compileExpr(comp, w.when, cx).f,
        then: compileExpr(comp, w.then, cx),
      }));
      const other = e.otherwise ? compileExpr(comp, e.otherwise, cx) : null;
      const t = whens[0]?.then.t ?? other?.t ?? ANY;
      const of = other?.f ?? null;
      return {
        f: (r) => {
          const s = subject ? subject(r) : undefined;
          for (const w of whens) {
            if (subject ? eq(s, w.when(r)) : w.when(r)) return w.then.f(r);
          }
          return of ? of(r) : defaultValue(t);
        },
        t,
      };
    }
    case 'VertexSetLit':
      return compileSeeds(comp, e.items, cx);
    case 'TypeStar':
      return compileSeeds(comp, [e], cx);
    case 'Wildcard':
      return compileSeeds(comp, [e], cx);
    case 'ColumnRef':
      comp.error(e, 'QUERY-SYNTAX', 'column references belong to loading jobs');
      return compileConstant(comp, null, ANY);
    case 'Interval': {
      // `INTERVAL n unit`: a duration value for datetime_add / datetime_sub.
      const amount = compileExpr(comp, e.amount, cx).f;
      const unit = e.unit;
      return { f: (r) => new Interval(num(amount(r)), unit), t: ANY };
    }
    case 'IsTest':
      comp.error(
        e,
        'QUERY-UNSUPPORTED',
        `IS ${e.negated ? 'NOT ' : ''}${e.test} is not supported yet`,
      );
      return compileConstant(comp, null, ANY);
    case 'JsonObject':
      comp.error(e, 'QUERY-UNSUPPORTED', 'JSON object literals are not supported yet');
      return compileConstant(comp, null, ANY);
  }
}

/** The frame slot of a plain variable or alias expression (to read it without a call), or -1. */
export function slotOf(comp: CompileContext, e: Expr, cx: Cx): number {
  if (e.kind !== 'Name') return -1;
  const sym = cx.scope.lookup(e.name);
  return sym && (sym.kind === 'var' || sym.kind === 'alias') ? sym.slot : -1;
}

export function compileName(comp: CompileContext, name: string, node: Expr, cx: Cx): CE {
  const sym = cx.scope.lookup(name);
  if (sym) {
    switch (sym.kind) {
      case 'var':
      case 'alias': {
        const s = sym.slot;
        return { f: (r) => r.f[s], t: sym.t };
      }
      case 'file': {
        const s = sym.slot;
        return { f: (r) => r.f[s], t: { k: 'file' } };
      }
      case 'exception':
        return { f: sym.code, t: INT };
    }
  }
  const constant = CONSTANTS.get(name.toUpperCase());
  if (constant) return compileConstant(comp, constant.v, constant.t);
  if (comp.isVertexType(name))
    return compileSeeds(comp, [{ kind: 'TypeStar', typeName: name, range: node.range }], cx);
  comp.error(node, 'QUERY-UNKNOWN-VARIABLE', `unknown name ${name}`);
  return compileConstant(comp, null, ANY);
}

/** The frame slot of a query parameter named by `e` (it may be NULL), or -1. */
export function nullableParam(comp: CompileContext, e: Expr, cx: Cx): number {
  if (e.kind !== 'Name') return -1;
  const sym = cx.scope.lookup(e.name);
  return sym?.kind === 'var' && comp.paramSlots.has(sym.slot) ? sym.slot : -1;
}
