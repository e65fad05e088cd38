// Checks beyond the grammar, for `gwb check` and editors: accumulators that a query uses
// without declaring, or declares twice. Both are errors for the real compiler; they are
// reported as warnings here because the front end sees one text, not the installed catalog.
import type { CreateQuery, InterpretBlock, Node, Script } from './ast/index.js';
import type { Diagnostic } from './diagnostics.js';
import { parse, type ParseResult } from './parse.js';
import { walk } from './visit.js';

/** Parses `text` and adds the semantic warnings to the syntax diagnostics. */
export function check(text: string): ParseResult<Script> {
  const result = parse(text);
  const warnings: Diagnostic[] = [];
  for (const s of result.ast.statements) {
    if (s.kind === 'CreateQuery' || s.kind === 'InterpretBlock') warnings.push(...checkQuery(s));
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
