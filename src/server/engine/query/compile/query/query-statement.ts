// Query layer: the statement kinds that run a SELECT or print (SELECT into a vertex set,
// DELETE/UPDATE over a FROM pattern, PRINT), and the query body. This is the top of the compiler:
// it hands `compileQueryStatement` down as the `upper` argument of the statement and select
// layers, so that a SELECT inside a WHILE, IF or FOREACH body compiles through it.
import {
  type CreateQuery,
  type InterpretBlock,
  type QueryStmt,
  walk,
} from '../../../../../core/gsql/index.js';
import type { CompileContext } from '../context/compile-context.js';
import { bothStmt, NEXT, type CS, type Cx } from '../context/compile-types.js';
import { vsetVar } from '../context/symbols.js';
import { compileDelete, compileUpdate } from '../select/delete-update.js';
import { compileSelect, type SelectRunner } from '../select/select.js';
import { compileTableSelect } from '../select/table-select.js';
import { compileBlock, compileVertexSetExpr, type UpperStmt } from '../statements/statement.js';
import { compilePrint } from './print.js';

/** Compiles a statement kind of this layer (statement.ts sends them here). */
export function compileQueryStatement(comp: CompileContext, s: UpperStmt, cx: Cx): CS {
  switch (s.kind) {
    case 'SelectStmt': {
      // `S = SELECT`: S is known (a new vertex set variable) while its SELECT compiles.
      const slot = vsetVar(comp, s.target, s, cx);
      return selectInto(slot, compileSelect(comp, s.select, cx, compileQueryStatement));
    }
    case 'VertexSetDecl': {
      if (s.value.kind !== 'Select') return compileVertexSetExpr(comp, s, s.value, cx);
      // A declared vertex set: its SELECT compiles before the name exists.
      const sel = compileSelect(comp, s.value, cx, compileQueryStatement);
      return selectInto(vsetVar(comp, s.name, s, cx), sel);
    }
    case 'Delete':
      return compileDelete(comp, s, cx, compileQueryStatement);
    case 'Update':
      return compileUpdate(comp, s, cx, compileQueryStatement);
    case 'Print':
      return compilePrint(comp, s, cx);
    case 'TableSelect':
      return compileTableSelect(comp, s, cx, compileQueryStatement);
  }
}

/** The statements of a query body (or any statement list that may hold a SELECT). */
export function compileQueryBlock(
  comp: CompileContext,
  stmts: readonly QueryStmt[],
  cx: Cx,
  newScope = true,
): CS {
  return compileBlock(comp, stmts, cx, compileQueryStatement, newScope);
}

/** `S = SELECT ...`: the SELECT's vertex set stored in the variable's frame slot. */
function selectInto(slot: number, sel: SelectRunner): CS {
  return bothStmt(
    (r) => {
      r.f[slot] = sel.sync(r);
      return NEXT;
    },
    async (r) => {
      r.f[slot] = await sel.async(r);
      return NEXT;
    },
  );
}

/**
 * The operators page, subqueries: a query with a RETURNS header ends with a RETURN statement
 * that passes its value; one that has no RETURN anywhere is refused.
 */
export function checkReturns(comp: CompileContext, ast: CreateQuery | InterpretBlock): void {
  if (ast.kind !== 'CreateQuery' || !ast.returns) return;
  let found = false;
  for (const s of ast.body)
    walk(s, {
      enter(node) {
        if (node.kind === 'Return') found = true;
        return !found;
      },
    });
  if (!found)
    comp.error(
      ast.returns,
      'QUERY-BAD-STATEMENT',
      `query ${ast.name} RETURNS a value but has no RETURN statement`,
    );
}
