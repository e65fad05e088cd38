// Two habits of GSQL shell users that the faces answer through the REST API, as the shell's
// built-ins do: `RUN QUERY q(min_age=75, p="x")` (arguments by name: the query's REST endpoint
// takes them so), and the built-in queries `SELECT * FROM person [WHERE attr op value]
// [LIMIT n]` and `SELECT count() FROM person`. Recognised from the core lexer's tokens, only in
// exactly these forms; anything else is sent to the server as written.
import type { CallOptions, GraphClient } from '../client/index.js';
import { lex, splitStatements, type SplitStatement, type Token } from '../gsql/index.js';
import type { Position } from '../gsql/tokens.js';

export type ShellHabit =
  | { readonly kind: 'namedRun'; readonly query: string; readonly args: Record<string, unknown> }
  | {
      readonly kind: 'select';
      readonly type: string;
      readonly count: boolean;
      readonly filter?: string;
      readonly limit?: number;
    };

/** A literal argument: number, string, TRUE/FALSE. */
function literal(token: Token | undefined): { value: unknown } | undefined {
  if (token === undefined) return undefined;
  if (token.kind === 'number') return { value: Number(token.text) };
  if (token.kind === 'string') return { value: JSON.parse(token.text) as unknown };
  if (token.kind === 'word' && (token.upper === 'TRUE' || token.upper === 'FALSE')) {
    return { value: token.upper === 'TRUE' };
  }
  return undefined;
}

function namedRun(t: readonly Token[]): ShellHabit | undefined {
  // RUN QUERY name ( a = v , b = v ) [;]
  if (t[0]?.upper !== 'RUN' || t[1]?.upper !== 'QUERY' || t[2]?.kind !== 'word') return undefined;
  if (t[3]?.text !== '(') return undefined;
  const args: Record<string, unknown> = {};
  let i = 4;
  while (t[i]?.text !== ')') {
    const name = t[i];
    const value = literal(t[i + 2]);
    if (name?.kind !== 'word' || t[i + 1]?.text !== '=' || value === undefined) return undefined;
    args[name.text] = value.value;
    i += 3;
    if (t[i]?.text === ',') i++;
    else if (t[i]?.text !== ')') return undefined;
  }
  const rest = t.slice(i + 1).filter((x) => x.text !== ';' && x.kind !== 'eof');
  if (rest.length > 0 || Object.keys(args).length === 0) return undefined;
  return { kind: 'namedRun', query: t[2].text, args };
}

const comparisons = new Set(['=', '==', '!=', '<', '<=', '>', '>=']);

function builtinSelect(t: readonly Token[]): ShellHabit | undefined {
  if (t[0]?.upper !== 'SELECT') return undefined;
  let i = 1;
  let count = false;
  if (t[i]?.text === '*') i++;
  else if (t[i]?.upper === 'COUNT' && t[i + 1]?.text === '(' && t[i + 2]?.text === ')') {
    count = true;
    i += 3;
  } else return undefined;
  if (t[i]?.upper !== 'FROM' || t[i + 1]?.kind !== 'word') return undefined;
  const type = t[i + 1]?.text ?? '';
  i += 2;
  let filter: string | undefined;
  if (t[i]?.upper === 'WHERE') {
    const attr = t[i + 1];
    const op = t[i + 2];
    const value = literal(t[i + 3]);
    if (attr?.kind !== 'word' || !comparisons.has(op?.text ?? '') || value === undefined) {
      return undefined;
    }
    // REST++ filters: `attr=value`, strings quoted.
    const shown = typeof value.value === 'string' ? JSON.stringify(value.value) : value.value;
    filter = `${attr.text}${op?.text === '==' ? '=' : (op?.text ?? '=')}${String(shown)}`;
    i += 4;
  }
  let limit: number | undefined;
  if (t[i]?.upper === 'LIMIT' && t[i + 1]?.kind === 'number') {
    limit = Number(t[i + 1]?.text);
    i += 2;
  }
  const rest = t.slice(i).filter((x) => x.text !== ';' && x.kind !== 'eof');
  if (rest.length > 0) return undefined;
  return {
    kind: 'select',
    type,
    count,
    ...(filter === undefined ? {} : { filter }),
    ...(limit === undefined ? {} : { limit }),
  };
}

/** The habit a statement is, if it is exactly one of the forms above. */
export function shellHabit(text: string): ShellHabit | undefined {
  const tokens = lex(text).filter((t) => t.kind !== 'comment');
  return namedRun(tokens) ?? builtinSelect(tokens);
}

/** Answers a habit through REST: the PRINT-like results a face shows. */
export async function runShellHabit(
  client: GraphClient,
  graph: string,
  habit: ShellHabit,
  options: CallOptions = {},
): Promise<unknown[]> {
  if (habit.kind === 'namedRun') {
    return client.runQuery(habit.query, habit.args, { ...options, graph, method: 'POST' });
  }
  if (habit.count) {
    const counts = await client.call(
      'runBuiltin',
      { path: { graph_name: graph }, body: { function: 'stat_vertex_number', type: habit.type } },
      options,
    );
    return counts;
  }
  const vertices = await client.getVertices(
    habit.type,
    {
      ...(habit.filter === undefined ? {} : { filter: habit.filter }),
      ...(habit.limit === undefined ? {} : { limit: habit.limit }),
    },
    { ...options, graph },
  );
  return [{ [habit.type]: vertices }];
}

/**
 * The statements of a script as the shell runs them, habits included: the GSQL parser reads a
 * habit as a syntax error that runs on into the next lines, so such an error statement whose
 * first line is a habit is cut after that line and the rest split again (positions kept).
 */
export function splitForShell(script: string): SplitStatement[] {
  const out: SplitStatement[] = [];
  for (const s of splitStatements(script)) {
    const newline = s.text.indexOf('\n');
    const first = newline < 0 ? s.text : s.text.slice(0, newline);
    if (s.kind !== 'Error' || newline < 0 || shellHabit(first) === undefined) {
      out.push(s);
      continue;
    }
    const start = s.range.start;
    const firstEnd = {
      offset: start.offset + first.length,
      line: start.line,
      column: start.column + first.length,
    };
    out.push({ text: first, kind: 'Error', range: { start, end: firstEnd } });
    const restOffset = start.offset + newline + 1;
    for (const r of splitForShell(script.slice(restOffset))) {
      const shift = (p: Position): Position => ({
        offset: p.offset + restOffset,
        line: p.line + start.line,
        column: p.column,
      });
      out.push({ ...r, range: { start: shift(r.range.start), end: shift(r.range.end) } });
    }
    break; // the rest of the script was split above
  }
  return out;
}
