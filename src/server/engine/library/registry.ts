// The template query library: every template by its full name (GDBMS_ALGO.<category>.<name>),
// its GSQL text (from the category modules) parsed once, and its parameter table (type as GSQL
// writes it, default, min_count / max_count as the endpoint listing shows them), read from the
// AST so that it needs no graph. Lookup by exact name or by regular expression.
import {
  constantText,
  formatType,
  parse,
  type CreateQuery,
  type Param,
} from '../../../core/gsql/index.js';
import { closenessCent, degreeCent, pagerank } from './centrality.js';
import { kcore, triCount, wcc } from './community.js';
import { LibraryError } from './errors.js';
import { bfs, shortestSsNoWt } from './path.js';
import { commonNeighbors, jaccardNborSs } from './similarity.js';

/** The package every template lives in, as on the real service. */
export const libraryPackage = 'GDBMS_ALGO';

export interface TemplateParam {
  readonly name: string;
  /** The type as GSQL writes it: STRING, SET<STRING>, VERTEX, INT. */
  readonly type: string;
  /** The default as text (as the endpoint listing shows defaults); absent when required. */
  readonly default?: string;
  readonly min_count: number;
  readonly max_count?: number;
}

export interface Template {
  /** GDBMS_ALGO.<category>.<name> */
  readonly name: string;
  readonly category: string;
  readonly text: string;
  readonly ast: CreateQuery;
  readonly params: readonly TemplateParam[];
}

const sources: readonly (readonly [category: string, text: string])[] = [
  ['centrality', pagerank],
  ['centrality', degreeCent],
  ['centrality', closenessCent],
  ['path', bfs],
  ['path', shortestSsNoWt],
  ['community', wcc],
  ['community', triCount],
  ['community', kcore],
  ['similarity', jaccardNborSs],
  ['topological_link_prediction', commonNeighbors],
];

function defaultText(p: Param): string | undefined {
  return p.defaultValue === null ? undefined : constantText(p.defaultValue);
}

function paramInfo(p: Param): TemplateParam {
  const many = p.type.kind === 'CollectionType';
  const def = defaultText(p);
  return {
    name: p.name,
    type: formatType(p.type),
    ...(def !== undefined ? { default: def } : {}),
    // Collections may be empty, so only a scalar without a default is required.
    min_count: def === undefined && !many ? 1 : 0,
    ...(many ? {} : { max_count: 1 }),
  };
}

function load(category: string, text: string): Template {
  const { ast, diagnostics } = parse(text);
  const statement = ast.statements[0];
  const error = diagnostics.find((d) => d.severity === 'error');
  // The texts are ours: a syntax error is a bug, found by the first test that loads the library.
  if (error || statement?.kind !== 'CreateQuery')
    throw new Error(`template ${category}: ${error?.message ?? 'not a CREATE QUERY'}`);
  return {
    name: `${libraryPackage}.${category}.${statement.name}`,
    category,
    text,
    ast: statement,
    params: statement.params.map(paramInfo),
  };
}

let loaded: ReadonlyMap<string, Template> | undefined;

/** Every template by full name (parsed on first use). */
export function templates(): ReadonlyMap<string, Template> {
  loaded ??= new Map(
    sources.map(([category, text]) => {
      const t = load(category, text);
      return [t.name, t];
    }),
  );
  return loaded;
}

/** The template of that exact name, or LIBRARY-NOT-FOUND naming it. */
export function requireTemplate(name: string): Template {
  const found = templates().get(name);
  if (found) return found;
  throw new LibraryError(
    'LIBRARY-NOT-FOUND',
    `template query ${name} does not exist (names look like ${libraryPackage}.centrality.pagerank)`,
  );
}

/** Templates whose full name matches the pattern (anchored, as a whole-name search). */
export function searchTemplates(pattern: string): Template[] {
  let re: RegExp;
  try {
    re = new RegExp(`^(?:${pattern})$`);
  } catch (e) {
    throw new LibraryError(
      'LIBRARY-BAD-PATTERN',
      `"${pattern}" is not a valid regular expression: ${(e as Error).message}`,
    );
  }
  const found = [...templates().values()].filter((t) => re.test(t.name));
  if (found.length === 0)
    throw new LibraryError('LIBRARY-NOT-FOUND', `no template query matches ${pattern}`);
  return found;
}
