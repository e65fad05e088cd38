// Checks against the live schema, for editors that know it (the notebook as you type): vertex and
// edge types a query names that the graph does not have, attributes read from an alias whose
// type is known but has no such attribute, and queries run or installed that do not exist. The
// server refuses all of these; saying so before a run is the point. Names the text binds itself
// (parameters, vertex set variables, FOREACH variables, queries created in the same text) are
// never reported, and nothing is checked when the schema has no types (not loaded, or global).
import type { Node, Script, Select } from './ast/index.js';
import type { CompletionSchema } from './complete.js';
import type { Diagnostic } from './diagnostics.js';
import { visit, walk } from './visit.js';

/** Names that stand for "any type" in patterns and seed sets. */
const anyType = new Set(['_', 'ANY', 'any']);
/** What every vertex and edge has besides its attributes (`v.type`, `e.type`). */
const builtinFields = new Set(['type']);

function error(node: Node, code: Diagnostic['code'], message: string): Diagnostic {
  return { severity: 'error', code, message, range: node.range };
}

/** Names bound by the text: parameters, variables, vertex sets, loop variables, queries. */
function boundNames(script: Script): Set<string> {
  const names = new Set<string>();
  const add = (node: { readonly name: string }) => names.add(node.name);
  visit(script, {
    Param: add,
    VertexSetDecl: add,
    VarInit: add,
    FileDecl: add,
    CreateQuery: add,
    TypedefTuple: add,
    SelectStmt: (node) => names.add(node.target),
    Foreach: (node) => node.vars.forEach((v) => names.add(v)),
    Assign: (node) => {
      if (node.target.kind === 'Name') names.add(node.target.name);
    },
  });
  return names;
}

interface Known {
  readonly vertexTypes: ReadonlyMap<string, ReadonlySet<string>>;
  readonly edgeTypes: ReadonlyMap<string, ReadonlySet<string>>;
  readonly queries: ReadonlySet<string>;
  readonly bound: ReadonlySet<string>;
}

function typeMap(types: CompletionSchema['vertexTypes']) {
  return new Map(types.map((t) => [t.name, new Set(t.attributes)]));
}

/** The attributes each alias of a SELECT can have: from its steps' types, when all are known. */
function aliasAttributes(select: Select, known: Known): Map<string, ReadonlySet<string>> {
  const aliases = new Map<string, ReadonlySet<string>>();
  const bind = (alias: string | null, names: readonly string[], types: Known['vertexTypes']) => {
    if (alias === null || names.length === 0) return;
    const sets = names.map((n) => types.get(n));
    if (sets.some((s) => s === undefined)) return; // a vertex set variable or `_`: unknown
    aliases.set(alias, new Set(sets.flatMap((s) => [...(s ?? [])])));
  };
  for (const pattern of select.from) {
    bind(pattern.source.alias, pattern.source.types, known.vertexTypes);
    for (const hop of pattern.hops) {
      bind(
        hop.edge.alias,
        hop.edge.types.map((t) => t.name),
        known.edgeTypes,
      );
      bind(hop.target.alias, hop.target.types, known.vertexTypes);
    }
  }
  return aliases;
}

function checkSelect(select: Select, known: Known, out: Diagnostic[]): void {
  for (const pattern of select.from) {
    for (const step of [pattern.source, ...pattern.hops.map((h) => h.target)]) {
      // The source may name a vertex set variable; a name the text does not bind and the graph
      // does not have is neither.
      for (const name of step.types) {
        if (anyType.has(name) || name.startsWith('@') || known.vertexTypes.has(name)) continue;
        if (known.bound.has(name)) continue;
        out.push(error(step, 'GSQL-UNKNOWN-TYPE', `unknown vertex type or vertex set ${name}`));
      }
    }
    for (const hop of pattern.hops) {
      for (const ref of hop.edge.types) {
        if (anyType.has(ref.name) || known.edgeTypes.has(ref.name)) continue;
        out.push(error(ref, 'GSQL-UNKNOWN-TYPE', `unknown edge type ${ref.name}`));
      }
    }
  }
  const aliases = aliasAttributes(select, known);
  walk(select, {
    enter(node) {
      if (node.kind !== 'Attr' || node.target.kind !== 'Name') return;
      const attributes = aliases.get(node.target.name);
      if (attributes === undefined || attributes.has(node.name) || builtinFields.has(node.name))
        return;
      out.push(
        error(
          node,
          'GSQL-UNKNOWN-ATTRIBUTE',
          `${node.target.name} has no attribute ${node.name}` +
            (attributes.size > 0 ? ` (it has ${[...attributes].join(', ')})` : ''),
        ),
      );
    },
  });
}

/** Diagnostics of `script` against the graph's schema (none when the schema has no types). */
export function checkAgainstSchema(script: Script, schema: CompletionSchema): Diagnostic[] {
  if (schema.vertexTypes.length === 0) return [];
  const known: Known = {
    vertexTypes: typeMap(schema.vertexTypes),
    edgeTypes: typeMap(schema.edgeTypes),
    queries: new Set(schema.queries),
    bound: boundNames(script),
  };
  const out: Diagnostic[] = [];
  const unknownQuery = (node: Node, name: string) => {
    if (!known.queries.has(name) && !known.bound.has(name)) {
      out.push(error(node, 'GSQL-UNKNOWN-QUERY', `no query named ${name}`));
    }
  };
  visit(script, {
    Select: (node) => checkSelect(node, known, out),
    TypeStar: (node) => {
      const name = node.typeName;
      if (known.vertexTypes.has(name) || known.bound.has(name) || anyType.has(name)) return;
      out.push(error(node, 'GSQL-UNKNOWN-TYPE', `unknown vertex type ${name}`));
    },
    RunQuery: (node) => {
      if (!node.interpret) unknownQuery(node, node.name);
    },
    InstallQuery: (node) => node.names.forEach((name) => unknownQuery(node, name)),
  });
  return out;
}
