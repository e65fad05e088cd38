// Completion: what may be typed at an offset. Keywords come from the parser itself (what it
// would accept at that point); names come from the schema and from the text's declarations.
import { BUILTIN_FUNCTIONS, functionSignature } from './functions.js';
import {
  ACCUM_METHODS,
  ACCUM_TYPES,
  BASE_TYPES,
  KEYWORDS,
  SESSION_PARAMETERS,
  SYNTAX_VERSIONS,
  UDF_FILES,
  VERTEX_METHODS,
} from './keywords.js';
import { lex } from './lexer.js';
import { expectedAtEnd } from './parse.js';
import type { Token } from './tokens.js';

export interface SchemaType {
  readonly name: string;
  readonly attributes: readonly string[];
}

export interface CompletionSchema {
  readonly graphs?: readonly string[];
  readonly vertexTypes: readonly SchemaType[];
  readonly edgeTypes: readonly SchemaType[];
  readonly queries: readonly string[];
}

export type CompletionKind =
  | 'keyword'
  | 'vertexType'
  | 'edgeType'
  | 'attribute'
  | 'accumulator'
  | 'query'
  | 'graph'
  | 'function';

/** A candidate; `label` replaces the word (with its `@`/`@@`) that ends at the offset. */
export interface Completion {
  readonly label: string;
  readonly kind: CompletionKind;
  readonly detail?: string;
}

const EMPTY_SCHEMA: CompletionSchema = { vertexTypes: [], edgeTypes: [], queries: [] };
/** Words the parser expects in their own spelling: accumulator types (after TYPEDEF), UDF files. */
const SPELLED_WORDS: ReadonlySet<string> = new Set([...ACCUM_TYPES.values(), ...UDF_FILES]);
const TYPE_WORDS = [...BASE_TYPES, ...ACCUM_TYPES.values(), 'LIST', 'SET', 'BAG', 'MAP', 'FILE'];

export function complete(
  text: string,
  offset: number,
  schema: CompletionSchema = EMPTY_SCHEMA,
): Completion[] {
  const at = Math.max(0, Math.min(offset, text.length));
  const tokens = lex(text.slice(0, at), { comments: true });
  const last = tokens[tokens.length - 2];
  const touching = last !== undefined && last.end === at ? last : undefined;
  const typing = touching !== undefined && isWordLike(touching) ? touching : undefined;
  // Inside a comment or a string (or right after one) nothing is offered.
  if (touching !== undefined && typing === undefined && INERT.has(touching.kind)) return [];
  const prefix = typing?.text ?? '';
  const wordStart = typing?.start ?? at;
  const before = tokens.filter(
    (t) => t.end <= wordStart && t.kind !== 'comment' && t.kind !== 'eof',
  );
  return distinctMatches(candidatesFor(text, wordStart, prefix, before, schema), prefix);
}

const INERT = new Set<Token['kind']>(['comment', 'string', 'error']);

/** Candidates that extend the prefix (case-insensitively), each once. */
function distinctMatches(candidates: readonly Completion[], prefix: string): Completion[] {
  const seen = new Set<string>();
  const lower = prefix.toLowerCase();
  return candidates.filter((c) => {
    const key = `${c.kind}:${c.label}`;
    const keep = !seen.has(key) && c.label !== prefix && c.label.toLowerCase().startsWith(lower);
    seen.add(key);
    return keep;
  });
}

function isWordLike(t: Token): boolean {
  return (
    t.kind === 'word' ||
    t.kind === 'globalAccum' ||
    t.kind === 'localAccum' ||
    (t.kind === 'error' && t.text.startsWith('@'))
  );
}

function candidatesFor(
  text: string,
  wordStart: number,
  prefix: string,
  before: readonly Token[],
  schema: CompletionSchema,
): Completion[] {
  const prev = before[before.length - 1];
  const prev2 = before[before.length - 2];
  if (prefix.startsWith('@')) {
    const scope = prefix.startsWith('@@') ? 'global' : prev?.text === '.' ? 'vertex' : 'any';
    return accumulators(text, wordStart, scope);
  }
  if (prev?.text === '.' && prev2?.kind === 'word') {
    return [
      ...attributesOf(prev2.text, before, schema),
      ...accumulators(text, wordStart, 'vertex'),
      ...methods(VERTEX_METHODS),
    ];
  }
  // `@@acc.` or `s.@acc.`: the accumulator's methods.
  if (prev?.text === '.' && (prev2?.kind === 'globalAccum' || prev2?.kind === 'localAccum')) {
    return methods(ACCUM_METHODS);
  }
  const out: Completion[] = [];
  for (const e of expectedAtEnd(text.slice(0, wordStart))) {
    out.push(...(e === 'property key' ? propertyKeys(before, schema) : fromExpectation(e, schema)));
  }
  return out;
}

/** Attributes of the type whose openCypher property map `(a:T {` or `[e:E {` is open. */
function propertyKeys(before: readonly Token[], schema: CompletionSchema): Completion[] {
  let depth = 0;
  let open = before.length - 1;
  for (; open >= 0; open--) {
    const text = before[open]?.text;
    if (text === '}') depth++;
    else if (text === '{' && depth-- === 0) break;
  }
  // Back from the brace to the pattern's `(` or `[`; the type follows its first `:`.
  let i = open - 1;
  while (i >= 0 && before[i]?.text !== '(' && before[i]?.text !== '[') i--;
  const colon = before.slice(i + 1, open).findIndex((t) => t.text === ':');
  const typeName = colon < 0 ? undefined : before[i + 2 + colon]?.text;
  const all = [...schema.vertexTypes, ...schema.edgeTypes];
  const types =
    typeName === undefined
      ? all
      : all.filter((t) => t.name.toLowerCase() === typeName.toLowerCase());
  return types.flatMap((t) =>
    t.attributes.map((a) => ({ label: a, kind: 'attribute' as const, detail: t.name })),
  );
}

function methods(names: ReadonlySet<string>): Completion[] {
  return [...names].map((label) => ({ label, kind: 'function', detail: 'method' }));
}

/** Turns one expectation of the parser into candidates. */
function fromExpectation(e: string, schema: CompletionSchema): Completion[] {
  const vertexTypes = schema.vertexTypes.map((t) => ({
    label: t.name,
    kind: 'vertexType' as const,
  }));
  const edgeTypes = schema.edgeTypes.map((t) => ({ label: t.name, kind: 'edgeType' as const }));
  switch (e) {
    case 'vertex type':
    case 'vertex set':
      return vertexTypes;
    case 'edge type':
      return edgeTypes;
    case 'vertex or edge type':
    case 'type name':
      return [...vertexTypes, ...edgeTypes];
    case 'query name':
      return schema.queries.map((q) => ({ label: q, kind: 'query' }));
    case 'graph name':
      return (schema.graphs ?? []).map((g) => ({ label: g, kind: 'graph' }));
    case 'type':
      return TYPE_WORDS.map((t) => ({ label: t, kind: 'keyword', detail: 'type' }));
    case 'expression':
      return [
        ...['TRUE', 'FALSE', 'NULL', 'NOT', 'CASE'].map((k) => ({
          label: k,
          kind: 'keyword' as const,
        })),
        ...[...BUILTIN_FUNCTIONS.values()].map((f) => ({
          label: f.name,
          kind: 'function' as const,
          detail: functionSignature(f),
        })),
      ];
    case 'syntax version':
      return SYNTAX_VERSIONS.map((label) => ({ label, kind: 'keyword', detail: 'syntax' }));
    case 'parameter name':
      return SESSION_PARAMETERS.map((label) => ({ label, kind: 'keyword', detail: 'parameter' }));
    default:
      if (KEYWORDS.has(e) || SPELLED_WORDS.has(e)) return [{ label: e, kind: 'keyword' }];
      return [];
  }
}

/**
 * Accumulators declared in the query around the offset, with their types as detail. Found from
 * tokens rather than by parsing, so that completion stays fast in long scripts.
 */
function accumulators(
  text: string,
  offset: number,
  scope: 'global' | 'vertex' | 'any',
): Completion[] {
  const tokens = lex(text);
  const out: Completion[] = [];
  const startsQuery = (t: Token): boolean => t.upper === 'CREATE' || t.upper === 'INTERPRET';
  let from = 0;
  let to = tokens.length;
  tokens.forEach((t, i) => {
    if (!startsQuery(t)) return;
    if (t.start <= offset) from = i;
    else if (to === tokens.length) to = i;
  });
  for (let i = from; i < to; i++) {
    const t = tokens[i];
    const prev = tokens[i - 1];
    if (
      t?.kind !== 'word' ||
      !ACCUM_TYPES.has(t.upper) ||
      !(prev?.text === ';' || prev?.text === '{')
    )
      continue;
    i = declaredAccums(text, tokens, i, scope, out);
  }
  return out;
}

/** Reads `Type @a = x, @@b` starting at index i; returns the index where it stopped. */
function declaredAccums(
  text: string,
  tokens: readonly Token[],
  i: number,
  scope: 'global' | 'vertex' | 'any',
  out: Completion[],
): number {
  const typeStart = tokens[i]?.start ?? 0;
  let j = i;
  let depth = 0;
  let typeEnd = typeStart;
  for (; j < tokens.length; j++) {
    const t = tokens[j];
    if (t === undefined || t.text === ';') return j;
    if (t.text === '<' || t.text === '(' || t.text === '[') depth++;
    else if (t.text === '>' || t.text === ')' || t.text === ']') depth--;
    if (depth <= 0 && (t.kind === 'globalAccum' || t.kind === 'localAccum')) {
      if (typeEnd === typeStart) typeEnd = tokens[j - 1]?.end ?? typeStart;
      const global = t.kind === 'globalAccum';
      if (scope === 'any' || (scope === 'global') === global) {
        out.push({ label: t.text, kind: 'accumulator', detail: text.slice(typeStart, typeEnd) });
      }
    }
  }
  return j;
}

/**
 * Attributes of the type behind `alias`: the name before `:alias` in a FROM clause; when that
 * is a vertex-set variable seeded with `{T.*}`, the seed's type; otherwise every vertex type.
 */
function attributesOf(
  alias: string,
  tokens: readonly Token[],
  schema: CompletionSchema,
): Completion[] {
  const find = (name: string, list: readonly SchemaType[]): SchemaType | undefined =>
    list.find((t) => t.name.toLowerCase() === name.toLowerCase());
  let typeName: string | null = null;
  for (let i = tokens.length - 1; i >= 2; i--) {
    const t = tokens[i];
    if (t?.text === alias && tokens[i - 1]?.text === ':' && tokens[i - 2]?.kind === 'word') {
      typeName = tokens[i - 2]?.text ?? null;
      break;
    }
    // openCypher binds the other way round: `(alias:Type` and `[alias:Type`.
    const open = tokens[i - 1]?.text;
    if (t?.text === alias && (open === '(' || open === '[') && tokens[i + 1]?.text === ':') {
      const type = tokens[i + 2];
      if (type?.kind === 'word') {
        typeName = type.text;
        break;
      }
    }
  }
  const resolved = typeName === null ? undefined : (seedType(typeName, tokens) ?? typeName);
  const type =
    resolved === undefined
      ? undefined
      : (find(resolved, schema.vertexTypes) ?? find(resolved, schema.edgeTypes));
  const types = type !== undefined ? [type] : typeName === null ? [] : schema.vertexTypes;
  return types.flatMap((t) =>
    t.attributes.map((a) => ({ label: a, kind: 'attribute' as const, detail: t.name })),
  );
}

/** `S = {T.*}` → T. */
function seedType(set: string, tokens: readonly Token[]): string | undefined {
  for (let i = 0; i + 5 < tokens.length; i++) {
    const [a, eq, open, type, dot, star] = tokens.slice(i, i + 6);
    if (
      a?.text === set &&
      eq?.text === '=' &&
      open?.text === '{' &&
      dot?.text === '.' &&
      star?.text === '*'
    ) {
      return type?.text;
    }
  }
  return undefined;
}
