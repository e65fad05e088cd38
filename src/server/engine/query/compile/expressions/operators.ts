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
  multisetOp,
} from '../context/runtime-helpers.js';
import type { CE } from '../context/compile-types.js';
import type { CompileContext } from '../context/compile-context.js';
import { toStringValue } from '../../functions.js';
import { cmp, eq, iadd, idiv, imod, imul, isub, num, toInt } from '../../runtime-values.js';
import {
  ANY,
  BOOL,
  DATETIME,
  DOUBLE,
  INT,
  isFloatType,
  isIntType,
  isNumeric,
  STRING,
  VSET,
  type T,
} from '../../types.js';
import { compileConstant } from './expr.js';

export function compileBinary(comp: CompileContext, op: string, l: CE, rr: CE, node: Expr): CE {
  const a = l.f;
  const b = rr.f;
  const lt = l.t;
  const rt = rr.t;
  const bothInt = isIntType(lt) && isIntType(rt);
  const numeric = isNumeric(lt) && isNumeric(rt);
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
      if (bothInt) return { f: (r) => iadd(a(r), b(r)), t: INT };
      if (numeric) return { f: (r) => num(a(r)) + num(b(r)), t: DOUBLE };
      if (lt.k === 'datetime' && isIntType(rt))
        return { f: (r) => num(a(r)) + num(b(r)), t: DATETIME };
      return { f: (r) => dynArith('+', a(r), b(r)), t: lt.k === 'any' ? rt : lt };
    case '-':
      if (bothInt) return { f: (r) => isub(a(r), b(r)), t: INT };
      if (numeric) return { f: (r) => num(a(r)) - num(b(r)), t: DOUBLE };
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
      if (bothInt) return { f: (r) => imul(a(r), b(r)), t: INT };
      if (isFloatType(lt) && isFloatType(rt))
        return { f: (r) => (a(r) as number) * (b(r) as number), t: DOUBLE };
      if (numeric) return { f: (r) => num(a(r)) * num(b(r)), t: DOUBLE };
      return { f: (r) => dynArith('*', a(r), b(r)), t: lt.k === 'any' ? rt : lt };
    case '/':
      if (bothInt) return { f: (r) => idiv(a(r), b(r)), t: INT };
      if (isFloatType(lt) && isFloatType(rt))
        return { f: (r) => (a(r) as number) / (b(r) as number), t: DOUBLE };
      if (numeric) return { f: (r) => num(a(r)) / num(b(r)), t: DOUBLE };
      return { f: (r) => dynArith('/', a(r), b(r)), t: lt.k === 'any' ? rt : lt };
    case '%':
      if (bothInt) return { f: (r) => imod(a(r), b(r)), t: INT };
      return { f: (r) => num(a(r)) % num(b(r)), t: DOUBLE };
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
