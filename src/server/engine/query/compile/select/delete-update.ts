// Select layer: DELETE and UPDATE statements, each a SELECT over its FROM pattern (one hop at
// most, in every syntax version) whose ACCUM deletes the matched vertices or edges, or sets their
// attributes (applied when the query ends).
import type {
  Delete,
  DmlStmt,
  Expr,
  Pattern,
  Select,
  Update,
} from '../../../../../core/gsql/index.js';
import { bothStmt, NEXT, type CS, type Cx } from '../context/compile-types.js';
import type { CompileContext } from '../context/compile-context.js';
import type { CompileUpper } from '../statements/statement.js';
import { checkOneHop } from './pattern-rules.js';
import { compileSelectCore, type SelectRunner } from './select.js';

function syntheticSelect(
  base: { range: Select['range'] },
  output: string,
  from: readonly Pattern[],
  where: Expr | null,
  accum: readonly DmlStmt[],
): Select {
  return {
    kind: 'Select',
    range: base.range,
    output,
    distinct: false,
    from,
    sample: null,
    where,
    per: null,
    accum,
    postAccum: [],
    having: null,
    orderBy: [],
    limit: null,
  };
}

/** DELETE alias FROM pattern WHERE cond: deletes every matched vertex or edge (at query end). */
export function compileDelete(c: CompileContext, s: Delete, cx: Cx, upper: CompileUpper): CS {
  checkOneHop(c, 'DELETE', s.from);
  const sel = syntheticSelect(s, s.alias, s.from, s.where, [
    { kind: 'DeleteAlias', alias: s.alias, range: s.range },
  ]);
  return statementOf(compileSelectCore(c, sel, cx, { statement: true }, upper));
}

/** UPDATE alias FROM pattern SET ... WHERE cond. */
export function compileUpdate(c: CompileContext, s: Update, cx: Cx, upper: CompileUpper): CS {
  checkOneHop(c, 'UPDATE', s.from);
  const sel = syntheticSelect(s, s.alias, s.from, s.where, s.set);
  return statementOf(compileSelectCore(c, sel, cx, { statement: true }, upper));
}

function statementOf(run: SelectRunner): CS {
  return bothStmt(
    (r) => {
      run.sync(r);
      return NEXT;
    },
    async (r) => {
      await run.async(r);
      return NEXT;
    },
  );
}
