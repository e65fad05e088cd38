// Select layer: what the statements of ACCUM and POST-ACCUM clauses (and UPDATE's SET, compiled
// as an ACCUM) may not do, by the SELECT statement pages and the declaration-and-assignment page:
// - a global accumulator is accumulated (`@@a += e`) there, never assigned (`@@a = e`, or a
//   LOADACCUM): the clauses' statement grammar has no gAccumAssignStmt;
// - ACCUM does not assign (=) a vertex alias's attribute (it may run many times per vertex, in
//   parallel); edge attributes may be assigned there, vertex attributes in POST-ACCUM, and `+=`
//   accumulates into either (the SELECT page, ACCUM note 3; the data modification page);
// - POST-ACCUM works on the selected vertices, not edges: it may not name an edge alias;
// - each POST-ACCUM statement refers to source vertices or target vertices, not both (the
//   SYNTAX v1 page; SYNTAX v2 binds a whole clause to one alias, checked in pattern-rules.ts);
// - POST-ACCUM updates the vertex-attached accumulators of its alias's vertices only: vertices
//   reached through a vertex-holding accumulator (a FOREACH variable, a local vertex variable)
//   are updated in ACCUM (the SELECT page, updating vertex-attached accumulators);
// - to_vertex() and to_vertex_set() may not be used in POST-ACCUM (the vertex-methods page, since
//   4.1; the ACCUM case is refused where calls compile).
// - PRINT, UPDATE, the query-body DELETE and SELECT statements are query-body statements: a
//   clause may not hold them (the output page: PRINT is query-body level; the data modification
//   page: UPDATE and DELETE only as query-body statements; println and DELETE(alias) serve there);
// - a collection accumulator's mutator functions (clear, remove, update, pop, reallocate, ...)
//   run on a global accumulator only at the query-body level, on a vertex-attached one only in
//   POST-ACCUM (the accumulators page, each collection accumulator's functions).
// Checked on the written AST before anything compiles, so both code tiers refuse the same text.
import { type Node, type Select, walk } from '../../../../../core/gsql/index.js';
import type { CompileContext } from '../context/compile-context.js';
import { patternReading } from './pattern-edges.js';
import { namesIn, vertexAliases } from './pattern-rules.js';

function edgeAliases(sel: Select): Set<string> {
  const out = new Set<string>();
  for (const p of sel.from)
    for (const h of p.hops) if (h.edge.alias !== null) out.add(h.edge.alias);
  return out;
}

/** `@@a = e` anywhere in the statements (nested IF / CASE / WHILE / FOREACH bodies too). */
function checkGlobalAssignments(c: CompileContext, stmts: readonly Node[], clause: string): void {
  for (const stmt of stmts)
    walk(stmt, {
      enter(node) {
        if (node.kind !== 'Assign' || node.op !== '=' || node.target.kind !== 'GlobalAccum') return;
        c.error(
          node,
          'QUERY-BAD-CLAUSE',
          `global accumulator @@${node.target.name} is assigned (=) in ${clause}: there it ` +
            'may only accumulate (+=); assign it before or after the SELECT',
        );
      },
    });
}

function checkPostAccum(c: CompileContext, sel: Select, stmts: readonly Node[]): void {
  const edges = edgeAliases(sel);
  const vertices = vertexAliases(sel);
  const perStatement = !patternReading(c);
  for (const stmt of stmts) {
    const names = namesIn([stmt]);
    const edge = [...edges].find((e) => names.has(e));
    if (edge !== undefined)
      c.error(
        stmt,
        'QUERY-BAD-CLAUSE',
        `POST-ACCUM works on vertices, not edges: it cannot use the edge alias ${edge} ` +
          '(use it in ACCUM)',
      );
    const named = [...vertices].filter((v) => names.has(v));
    if (perStatement && named.length > 1)
      c.error(
        stmt,
        'QUERY-BAD-CLAUSE',
        `a POST-ACCUM statement uses the vertex aliases ${named.join(' and ')}: each statement ` +
          'refers to the source or the target vertices, not both',
      );
    walk(stmt, {
      enter(node) {
        if (node.kind === 'Assign' && node.target.kind === 'VertexAccum') {
          const owner = node.target.target;
          if (owner?.kind === 'Name' && !vertices.has(owner.name))
            c.error(
              node,
              'QUERY-BAD-CLAUSE',
              `${owner.name}.@${node.target.name}: POST-ACCUM updates the accumulators of the ` +
                'vertices it runs on; a vertex reached through an accumulator is updated in ACCUM',
            );
        }
        if (node.kind !== 'Call') return;
        const name = node.name.toLowerCase();
        if (name === 'to_vertex' || name === 'to_vertex_set')
          c.error(
            node,
            'QUERY-UNSUPPORTED',
            `Using a vertex function '${name}' in ACCUM/POST-ACCUM has been deprecated: convert the ids before the SELECT`,
          );
      },
    });
  }
}

function checkVertexAttrAssignments(c: CompileContext, sel: Select): void {
  const vertices = vertexAliases(sel);
  for (const stmt of sel.accum ?? [])
    walk(stmt, {
      enter(node) {
        if (node.kind !== 'Assign' || node.op !== '=' || node.target.kind !== 'Attr') return;
        const owner = node.target.target;
        if (owner.kind !== 'Name' || !vertices.has(owner.name)) return;
        c.error(
          node,
          'QUERY-BAD-CLAUSE',
          `${owner.name}.${node.target.name} = ...: a vertex attribute is not assigned in ACCUM ` +
            '(use a vertex-attached accumulator there and assign the attribute in POST-ACCUM)',
        );
      },
    });
}

/** The accumulators page's mutator functions of each collection accumulator (lower case). */
const MUTATORS: Readonly<Record<string, readonly string[]>> = {
  ListAccum: ['clear', 'update', 'remove', 'removeone', 'removeall'],
  SetAccum: ['clear', 'remove'],
  BagAccum: ['clear', 'remove', 'removeall'],
  MapAccum: ['clear', 'remove'],
  ArrayAccum: ['reallocate'],
  HeapAccum: ['clear', 'pop', 'resize'],
  GroupByAccum: ['clear', 'remove'],
};

function checkMutators(c: CompileContext, stmts: readonly Node[], post: boolean): void {
  for (const stmt of stmts)
    walk(stmt, {
      enter(node) {
        if (node.kind !== 'MethodCall') return;
        const t = node.target;
        const global = t.kind === 'GlobalAccum';
        if (!global && (t.kind !== 'VertexAccum' || post)) return;
        const spec = global ? c.gaccs.get(t.name)?.spec : c.vaccs.get(t.name)?.spec;
        if (!spec || !MUTATORS[spec.name]?.includes(node.name.toLowerCase())) return;
        c.error(
          node,
          'QUERY-BAD-CLAUSE',
          global
            ? `@@${t.name}.${node.name}() changes a global ${spec.name}: its mutator functions ` +
                'run at the query-body level, not in ACCUM or POST-ACCUM'
            : `@${t.name}.${node.name}() changes a vertex-attached ${spec.name}: its mutator ` +
                'functions run in POST-ACCUM, not in ACCUM',
        );
      },
    });
}

const BODY_ONLY: Readonly<Partial<Record<Node['kind'], string>>> = {
  Print: 'PRINT',
  Update: 'UPDATE',
  Delete: 'DELETE ... FROM',
  SelectStmt: 'SELECT',
  VertexSetDecl: 'a vertex set declaration',
  TableSelect: 'SELECT',
};

function checkBodyOnly(c: CompileContext, stmts: readonly Node[], clause: string): void {
  for (const stmt of stmts)
    walk(stmt, {
      enter(node) {
        const what = BODY_ONLY[node.kind];
        if (what === undefined) return;
        c.error(
          node,
          'QUERY-BAD-CLAUSE',
          `${what} is a query-body statement: it cannot stand in ${clause}` +
            (node.kind === 'Print' ? ' (write to a FILE object with println there)' : ''),
        );
        return false;
      },
    });
}

/** The clause rules of one SELECT (or of DELETE / UPDATE when `statement` names which). */
export function checkClauseRules(c: CompileContext, sel: Select, statement?: string): void {
  checkGlobalAssignments(c, sel.accum ?? [], statement ?? 'an ACCUM clause');
  // UPDATE's SET (compiled as an ACCUM) is where its vertex attributes are assigned, and an
  // openCypher SET (translated into ACCUM, src/core/gsql/cypher) follows Cypher's rules.
  if (statement === undefined && !sel.from.some((p) => p.cypher === true))
    checkVertexAttrAssignments(c, sel);
  checkMutators(c, sel.accum ?? [], false);
  checkBodyOnly(c, sel.accum ?? [], statement ?? 'an ACCUM clause');
  for (const clause of sel.postAccum) {
    checkBodyOnly(c, clause, 'a POST-ACCUM clause');
    checkMutators(c, clause, true);
    checkGlobalAssignments(c, clause, 'a POST-ACCUM clause');
    checkPostAccum(c, sel, clause);
  }
}
