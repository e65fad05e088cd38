// What a query writes, read from its tree: the one write analysis of the workbench. The embedded
// engine asks it whether a query may change the graph (such a query runs without a snapshot, see
// server/engine/queries/snapshot.ts); the MCP server asks it to refuse writing queries in a
// read-only session. Each write comes with its kind, a sentence and its range, so that callers can
// explain a refusal and later decide per argument. The language facts live here once: which
// statements change the graph (attribute assignment, INSERT, DELETE, UPDATE), which built-in
// methods do (setAttr), what writes files on the server (FILE, PRINT ... TO_CSV), and that calling
// a query that writes is a write of the caller.
import type { Node } from './ast/index.js';
import type { Range } from './tokens.js';
import { BUILTIN_FUNCTIONS } from './functions.js';
import { walk } from './visit.js';

export type QueryWriteKind =
  /** `x.attr = e` on a vertex or an edge (ACCUM, POST-ACCUM, the body). */
  | 'attribute'
  /** A writing built-in method: `v.setAttr("attr", e)`. */
  | 'method'
  | 'insert'
  /** DELETE statement, or `DELETE (alias)` in ACCUM. */
  | 'delete'
  | 'update'
  /** A file on the server (FILE declaration, PRINT ... TO_CSV): not the graph. */
  | 'file'
  /** A call of another query that writes (or whose text cannot be read). */
  | 'call';

export interface QueryWrite {
  readonly kind: QueryWriteKind;
  /** What writes, as a person reads it: `INSERT INTO Person`, `assigns attribute age`. */
  readonly what: string;
  readonly range: Range;
  /** For `call`: the called query and its own writes (empty when its text could not be read). */
  readonly callee?: { readonly name: string; readonly writes: readonly QueryWrite[] };
}

/** A call of a name that is no built-in function: another query, or a user-defined function. */
export interface QueryCall {
  readonly name: string;
  readonly range: Range;
}

/** Built-in methods of vertices and edges that change the graph (lower case). */
export const WRITING_METHODS: ReadonlySet<string> = new Set(['setattr']);

/** Whether a write changes the graph (files on the server do not; an unreadable callee may). */
export function changesGraph(w: QueryWrite): boolean {
  if (w.kind === 'file') return false;
  if (w.kind !== 'call' || !w.callee || w.callee.writes.length === 0) return true;
  return w.callee.writes.some(changesGraph);
}

/**
 * Every write a query makes by itself, in source order. An assignment to a field of a declared
 * tuple variable (`T t; t.a = 1`) is a local value, not an attribute update.
 */
export function queryWrites(root: Node): QueryWrite[] {
  const tupleVars = new Set<string>();
  walk(root, {
    enter(n) {
      if (n.kind === 'VarDecl' && n.type.kind === 'NamedType')
        for (const v of n.vars) tupleVars.add(v.name);
    },
  });
  const out: QueryWrite[] = [];
  const add = (kind: QueryWriteKind, what: string, n: Node) =>
    out.push({ kind, what, range: n.range });
  walk(root, {
    enter(n) {
      // A walker picks the writing kinds out of every node kind: no switch over them all.
      if (n.kind === 'Assign') {
        const t = n.target;
        if (t.kind === 'Attr' && !(t.target.kind === 'Name' && tupleVars.has(t.target.name)))
          add('attribute', `assigns attribute ${t.name}`, n);
      } else if (n.kind === 'MethodCall') {
        if (WRITING_METHODS.has(n.name.toLowerCase())) add('method', `calls ${n.name}`, n);
      } else if (n.kind === 'Insert') add('insert', `INSERT INTO ${n.target}`, n);
      else if (n.kind === 'Delete' || n.kind === 'DeleteAlias')
        add('delete', `DELETE ${n.alias}`, n);
      else if (n.kind === 'Update') add('update', `UPDATE ${n.alias}`, n);
      else if (n.kind === 'FileDecl') add('file', `writes file ${n.name}`, n);
      else if (n.kind === 'Print' && n.toCsv !== null)
        add('file', 'PRINT ... TO_CSV writes a file', n);
    },
  });
  return out;
}

/** Calls of names that are not built-in functions, first call of each name, in source order. */
export function queryCalls(root: Node): QueryCall[] {
  const seen = new Set<string>();
  const out: QueryCall[] = [];
  walk(root, {
    enter(n) {
      if (n.kind !== 'Call' || BUILTIN_FUNCTIONS.has(n.name.toLowerCase())) return;
      if (seen.has(n.name)) return;
      seen.add(n.name);
      out.push({ name: n.name, range: n.range });
    },
  });
  return out;
}

/**
 * The writes of a query and of the queries it calls, transitively: a called query that writes is
 * one `call` write of the caller, at the call. `lookup` answers a called query's tree, undefined
 * when the name is no query (a user-defined function, which cannot write the graph), or throws
 * when the text cannot be read: that call counts as a write (nothing shows it is read-only).
 * Each query is followed once; a query calling itself adds nothing to its own writes.
 */
export function queryWritesThrough(
  root: Node,
  lookup: (name: string) => Node | undefined,
  seen: Set<string> = new Set(root.kind === 'CreateQuery' ? [root.name] : []),
): QueryWrite[] {
  const out = queryWrites(root);
  for (const call of queryCalls(root)) {
    if (seen.has(call.name)) continue;
    seen.add(call.name);
    let callee: Node | undefined;
    try {
      callee = lookup(call.name);
    } catch {
      out.push(callWrite(call, []));
      continue;
    }
    if (callee === undefined) continue;
    const writes = queryWritesThrough(callee, lookup, seen);
    if (writes.length > 0) out.push(callWrite(call, writes));
  }
  return out;
}

function callWrite(call: QueryCall, writes: readonly QueryWrite[]): QueryWrite {
  const what =
    writes.length === 0
      ? `calls query ${call.name}, whose text cannot be read`
      : `calls query ${call.name}, which writes (${writes.map((w) => w.what).join('; ')})`;
  return { kind: 'call', what, range: call.range, callee: { name: call.name, writes } };
}
