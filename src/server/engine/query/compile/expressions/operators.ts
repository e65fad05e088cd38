// Expression layer: binary operators (arithmetic, comparison, logic, string, set and
// vertex-set operators) with their static result types.
import type { Expr } from '../../../../../core/gsql/index.js';
import { elementsOf, type Acc } from '../../accum.js';
import {
  isListLike,
  listOf,
  vsetOp,
  collectionOp,
  dynArith,
  intDivisor,
  multisetOp,
} from '../context/runtime-helpers.js';
import type { CE, Fn } from '../context/compile-types.js';
import type { CompileContext } from '../context/compile-context.js';
import { toStringValue } from '../../functions.js';
import {
  add64,
  cmp,
  eq,
  iadd,
  idiv,
  imod,
  imul,
  isub,
  mul64,
  sub64,
  num,
  toInt,
  udiv,
  uint64,
  umod,
} from '../../runtime-values.js';
import {
  ANY,
  arithKind,
  arithType,
  BOOL,
  DATETIME,
  INT,
  isIntType,
  isNumeric,
  STRING,
  VSET,
  type ArithKind,
  type T,
} from '../../types.js';
import { compileConstant } from './expr.js';

/**
 * `a op b` (+ - * / %) computed in `kind` (types.ts arithKind): INT wraps at 64 bits, UINT
 * converts both operands to unsigned 64-bit, FLOAT rounds operands and result to 32 bits (C++
 * float arithmetic), DOUBLE is the plain double. The generated-code tier writes the same
 * operations (jit-gen.ts arithmeticCode); both call these runtime helpers.
 */
function arithmetic(op: '+' | '-' | '*' | '/' | '%', kind: ArithKind, a: Fn, b: Fn): CE {
  const t = arithType(kind);
  switch (kind) {
    case 'int': {
      const f =
        op === '+' ? add64 : op === '-' ? sub64 : op === '*' ? mul64 : op === '/' ? idiv : imod;
      return { f: (r) => f(a(r), b(r)), t };
    }
    case 'uint': {
      if (op === '/') return { f: (r) => udiv(a(r), b(r)), t };
      if (op === '%') return { f: (r) => umod(a(r), b(r)), t };
      const f = op === '+' ? iadd : op === '-' ? isub : imul;
      return { f: (r) => uint64(f(a(r), b(r))), t };
    }
    case 'float':
    case 'double': {
      const g = floatOp(op);
      if (kind === 'double') return { f: (r) => g(num(a(r)), num(b(r))), t };
      const f32 = Math.fround;
      return { f: (r) => f32(g(f32(num(a(r))), f32(num(b(r))))), t };
    }
  }
}

function floatOp(op: '+' | '-' | '*' | '/' | '%'): (x: number, y: number) => number {
  switch (op) {
    case '+':
      return (x, y) => x + y;
    case '-':
      return (x, y) => x - y;
    case '*':
      return (x, y) => x * y;
    case '/':
      return (x, y) => x / y;
    case '%':
      return (x, y) => x % y;
  }
}

export function compileBinary(comp: CompileContext, op: string, l: CE, rr: CE, node: Expr): CE {
  const a = l.f;
  const b = rr.f;
  const lt = l.t;
  const rt = rr.t;
  const numeric = isNumeric(lt) && isNumeric(rt);
  const kind = arithKind(lt, rt);
  const str = lt.k === 'string' || rt.k === 'string';
  switch (op) {
    case 'AND':
      return { f: (r) => Boolean(a(r)) && Boolean(b(r)), t: BOOL };
    case 'OR':
      return { f: (r) => Boolean(a(r)) || Boolean(b(r)), t: BOOL };
    case '==':
      if (numeric) return { f: (r) => (a(r) as number) == (b(r) as number), t: BOOL };
      return { f: (r) => eq(a(r), b(r)), t: BOOL };
    case '!=':
      if (numeric) return { f: (r) => (a(r) as number) != (b(r) as number), t: BOOL };
      return { f: (r) => !eq(a(r), b(r)), t: BOOL };
    case '<':
      if (numeric) return { f: (r) => (a(r) as number) < (b(r) as number), t: BOOL };
      return { f: (r) => cmp(a(r), b(r)) < 0, t: BOOL };
    case '<=':
      if (numeric) return { f: (r) => (a(r) as number) <= (b(r) as number), t: BOOL };
      return { f: (r) => cmp(a(r), b(r)) <= 0, t: BOOL };
    case '>':
      if (numeric) return { f: (r) => (a(r) as number) > (b(r) as number), t: BOOL };
      return { f: (r) => cmp(a(r), b(r)) > 0, t: BOOL };
    case '>=':
      if (numeric) return { f: (r) => (a(r) as number) >= (b(r) as number), t: BOOL };
      return { f: (r) => cmp(a(r), b(r)) >= 0, t: BOOL };
    case '+':
      if (isListLike(lt) || isListLike(rt))
        return {
          f: (r) => [...elementsOf(a(r)), ...elementsOf(b(r))],
          t: isListLike(lt) ? listOf(lt) : listOf(rt),
        };
      if (lt.k === 'accum' && lt.a.name === 'MapAccum')
        return {
          f: (r) => {
            const m = (a(r) as Acc).copy();
            m.add(b(r));
            return m;
          },
          t: lt,
        };
      if (str) return { f: (r) => toStringValue(a(r)) + toStringValue(b(r)), t: STRING };
      if (kind) return arithmetic(op, kind, a, b);
      if (lt.k === 'datetime' && isIntType(rt))
        return { f: (r) => num(a(r)) + num(b(r)), t: DATETIME };
      return { f: (r) => dynArith('+', a(r), b(r)), t: lt.k === 'any' ? rt : lt };
    case '-':
      if (kind) return arithmetic(op, kind, a, b);
      if (lt.k === 'datetime' && rt.k === 'datetime')
        return { f: (r) => num(a(r)) - num(b(r)), t: INT };
      return { f: (r) => dynArith('-', a(r), b(r)), t: lt.k === 'any' ? rt : lt };
    case '*':
      // list * list (STRING lists): every element of the first followed by one of the second,
      // grouped by the second list's element as the real service orders them.
      if (isListLike(lt) && isListLike(rt))
        return {
          f: (r) => {
            const xs = elementsOf(a(r));
            const res: string[] = [];
            for (const y of elementsOf(b(r)))
              for (const x of xs) res.push(toStringValue(x) + toStringValue(y));
            return res;
          },
          t: { k: 'list', el: STRING },
        };
      if (kind) return arithmetic(op, kind, a, b);
      return { f: (r) => dynArith('*', a(r), b(r)), t: lt.k === 'any' ? rt : lt };
    case '/':
      if ((kind === 'float' || kind === 'double') && isIntType(rt))
        return arithmetic(op, kind, a, (r) => intDivisor(b(r)));
      if (kind) return arithmetic(op, kind, a, b);
      return { f: (r) => dynArith('/', a(r), b(r)), t: lt.k === 'any' ? rt : lt };
    case '%':
      return arithmetic(op, kind ?? 'double', a, b);
    case '&':
    case '|':
    case '<<':
    case '>>':
      return {
        f: (r) => {
          const x = BigInt.asIntN(64, BigInt(toInt(a(r))));
          const y = BigInt.asIntN(64, BigInt(toInt(b(r))));
          const v = op === '&' ? x & y : op === '|' ? x | y : op === '<<' ? x << y : x >> y;
          return toInt(BigInt.asIntN(64, v));
        },
        t: INT,
      };
    case 'UNION':
    case 'INTERSECT':
    case 'MINUS': {
      if (lt.k === 'vset' || rt.k === 'vset') return { f: (r) => vsetOp(op, a(r), b(r)), t: VSET };
      const el = lt.k === 'accum' ? lt.a.el : 'el' in lt ? lt.el : ANY;
      const isBag = (t: T) => t.k === 'bag' || (t.k === 'accum' && t.a.name === 'BagAccum');
      if (isBag(lt) || isBag(rt))
        return { f: (r) => multisetOp(op, a(r), b(r)), t: { k: 'bag', el } };
      return { f: (r) => collectionOp(op, a(r), b(r)), t: { k: 'set', el } };
    }
    default:
      comp.error(node, 'QUERY-UNSUPPORTED', `operator ${op} is not supported`);
      return compileConstant(comp, null, ANY);
  }
}
