// Checks beyond the grammar, for `gwb check` and editors: accumulators that a query uses
// without declaring, or declares twice, and calls of built-in functions with the wrong number of
// arguments or of a misspelt one. All are errors for the real compiler; they are reported as
// warnings here because the front end sees one text, not the installed catalog (a name that is
// no built-in may be an installed query, a global tuple or a user-defined function).
import type { CreateQuery, InterpretBlock, Node, Script } from './ast/index.js';
import type { Diagnostic } from './diagnostics.js';
import { arityText, BUILTIN_FUNCTIONS, builtinFunction } from './functions.js';
import { parse, type ParseResult } from './parse.js';
import { walk } from './visit.js';

/** Parses `text` and adds the semantic warnings to the syntax diagnostics. */
export function check(text: string): ParseResult<Script> {
  const result = parse(text);
  const warnings: Diagnostic[] = [];
  const defined = definedNames(result.ast);
  for (const s of result.ast.statements) {
    if (s.kind === 'CreateQuery' || s.kind === 'InterpretBlock')
      warnings.push(...checkQuery(s), ...checkCalls(s, defined));
  }
  const diagnostics = [...result.diagnostics, ...warnings].sort(
    (a, b) => a.range.start.offset - b.range.start.offset,
  );
  return { ast: result.ast, diagnostics };
}

function warning(node: Node, code: Diagnostic['code'], message: string): Diagnostic {
  return { severity: 'warning', code, message, range: node.range };
}

function checkQuery(query: CreateQuery | InterpretBlock): Diagnostic[] {
  const out: Diagnostic[] = [];
  const declared = new Set<string>();
  // Declarations first: an accumulator may be used in the text before a later declaration
  // only in broken code, and one report per problem is enough.
  walk(query, {
    enter(node) {
      if (node.kind !== 'AccumVar') return;
      const key = `${node.scope === 'global' ? '@@' : '@'}${node.name}`;
      if (declared.has(key))
        out.push(warning(node, 'GSQL-DUPLICATE', `accumulator ${key} is declared twice`));
      declared.add(key);
    },
  });
  const reported = new Set<string>();
  walk(query, {
    enter(node) {
      let key: string | null = null;
      if (node.kind === 'GlobalAccum') key = `@@${node.name}`;
      else if (node.kind === 'VertexAccum') key = `@${node.name}`;
      if (key === null || declared.has(key) || reported.has(key)) return;
      reported.add(key);
      out.push(
        warning(node, 'GSQL-UNDECLARED', `accumulator ${key} is not declared in this query`),
      );
    },
  });
  return out;
}

/** Names a call may mean besides a built-in: the text's queries and tuple types (names are case-sensitive). */
function definedNames(script: Script): ReadonlySet<string> {
  const names = new Set<string>();
  walk(script, {
    enter(node) {
      if (node.kind === 'CreateQuery' || node.kind === 'TypedefTuple') names.add(node.name);
    },
  });
  return names;
}

/** Edit distance counting a swap of neighbours as one edit, stopping once over `limit`. */
function distance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let before: number[] = [];
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a.charAt(i - 1) === b.charAt(j - 1) ? 0 : 1;
      let d = Math.min((prev[j] ?? 0) + 1, (row[j - 1] ?? 0) + 1, (prev[j - 1] ?? 0) + cost);
      if (
        i > 1 &&
        j > 1 &&
        a.charAt(i - 1) === b.charAt(j - 2) &&
        a.charAt(i - 2) === b.charAt(j - 1)
      )
        d = Math.min(d, (before[j - 2] ?? 0) + 1);
      row.push(d);
      best = Math.min(best, d);
    }
    if (best > limit) return limit + 1;
    before = prev;
    prev = row;
  }
  return prev[b.length] ?? limit + 1;
}

/** The built-in a misspelt name most likely means: one or two edits away (names of 5+ letters). */
function nearBuiltin(name: string): string | undefined {
  const lower = name.toLowerCase();
  if (lower.length < 5) return undefined;
  const limit = lower.length < 8 ? 1 : 2;
  let best: string | undefined;
  let bestDistance = limit + 1;
  for (const candidate of BUILTIN_FUNCTIONS.keys()) {
    const d = distance(lower, candidate, limit);
    if (d < bestDistance) {
      best = candidate;
      bestDistance = d;
    }
  }
  return best;
}

function checkCalls(
  query: CreateQuery | InterpretBlock,
  defined: ReadonlySet<string>,
): Diagnostic[] {
  const out: Diagnostic[] = [];
  const local = new Set<string>();
  walk(query, {
    enter(node) {
      if (node.kind === 'TypedefTuple') local.add(node.name);
    },
  });
  walk(query, {
    enter(node) {
      if (node.kind !== 'Call') return;
      if (defined.has(node.name) || local.has(node.name)) return;
      const f = builtinFunction(node.name);
      if (f) {
        const n = node.args.length;
        if (n < f.min || n > f.max)
          out.push(
            warning(
              node,
              'GSQL-ARITY',
              `${f.name}() takes ${arityText(f)} argument${f.max === 1 ? '' : 's'}, not ${n}`,
            ),
          );
        return;
      }
      const near = nearBuiltin(node.name);
      if (near !== undefined)
        out.push(
          warning(
            node,
            'GSQL-UNKNOWN-FUNCTION',
            `unknown function ${node.name} (did you mean ${near}?)`,
          ),
        );
    },
  });
  return out;
}
