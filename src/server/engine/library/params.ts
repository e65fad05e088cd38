// Checking a template run's JSON body before anything runs: `<p>.type` folded into vertex
// parameters (the body form pyTigerGraph sends), unknown names, missing required parameters,
// values of the wrong JSON type, and type-name parameters (v_type, e_type_set, ...) that name no
// type of the target graph. Each refusal names the parameter; nothing has run yet, so nothing
// changes. Vertex existence and value ranges are left to the query's own binder, which reports
// them the same way (400).
import type { CatalogData } from '../catalog/types.js';
import { LibraryError } from './errors.js';
import type { Template, TemplateParam } from './registry.js';

/** Parameters that carry vertex or edge type names, by the algorithm library's naming. */
const vertexTypeParam = /^v_type(_set)?$/;
const edgeTypeParam = /^(reverse_)?e_type(_set)?$/;

function bad(template: Template, message: string): never {
  throw new LibraryError('LIBRARY-BAD-PARAM', `template query ${template.name}: ${message}`);
}

/** The element type of SET<T> / LIST<T> / BAG<T>, or the type itself. */
function elementType(type: string): { element: string; many: boolean } {
  const m = /^(?:SET|LIST|BAG)<(.*)>$/.exec(type);
  return m?.[1] !== undefined ? { element: m[1], many: true } : { element: type, many: false };
}

function isIntegerText(v: unknown): boolean {
  return (
    (typeof v === 'number' && Number.isInteger(v)) ||
    typeof v === 'bigint' ||
    (typeof v === 'string' && /^\s*[-+]?\d+\s*$/.test(v))
  );
}

/** Why a value does not fit the element type, or undefined when it fits. */
function mismatch(element: string, v: unknown): string | undefined {
  if (element === 'INT' || element === 'UINT') {
    if (!isIntegerText(v)) return `expected an integer, got ${JSON.stringify(v)}`;
    if (element === 'UINT' && Number(v) < 0)
      return `expected a non-negative integer, got ${String(v)}`;
    return undefined;
  }
  if (element === 'FLOAT' || element === 'DOUBLE') {
    const ok =
      (typeof v === 'number' && Number.isFinite(v)) ||
      typeof v === 'bigint' ||
      (typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v)));
    return ok ? undefined : `expected a number, got ${JSON.stringify(v)}`;
  }
  if (element === 'BOOL')
    return typeof v === 'boolean' || v === 'true' || v === 'false'
      ? undefined
      : `expected true or false, got ${JSON.stringify(v)}`;
  if (element === 'STRING')
    return typeof v === 'string' ? undefined : `expected a string, got ${JSON.stringify(v)}`;
  if (element.startsWith('VERTEX')) {
    const typed = element !== 'VERTEX';
    if (typed && (typeof v === 'string' || typeof v === 'number')) return undefined;
    if (v && typeof v === 'object' && !Array.isArray(v)) {
      const o = v as Record<string, unknown>;
      if (typeof o.id !== 'string' && typeof o.id !== 'number')
        return 'a vertex needs an "id" (string)';
      if (!typed && typeof o.type !== 'string') return 'a vertex needs its "type" (string)';
      return undefined;
    }
    return typed
      ? 'expected a vertex id or {"id", "type"}'
      : 'expected a vertex {"id", "type"} (or the id with "<name>.type")';
  }
  return undefined;
}

/** `p` plus `p.type` in the body become `p: {id, type}` (or a list of them), as for GET. */
function foldVertexTypes(template: Template, body: Readonly<Record<string, unknown>>) {
  const args: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(body)) if (!key.endsWith('.type')) args[key] = value;
  for (const [key, type] of Object.entries(body)) {
    if (!key.endsWith('.type')) continue;
    const name = key.slice(0, -'.type'.length);
    const param = template.params.find((p) => p.name === name);
    if (!param || !elementType(param.type).element.startsWith('VERTEX'))
      bad(template, `unknown parameter ${key} (${name} is not a vertex parameter)`);
    if (typeof type !== 'string') bad(template, `parameter ${key}: expected a vertex type name`);
    const ids = args[name];
    const one = (id: unknown) => (id && typeof id === 'object' ? id : { id, type });
    args[name] = Array.isArray(ids) ? (ids as unknown[]).map(one) : one(ids);
  }
  return args;
}

function checkTypeNames(
  template: Template,
  p: TemplateParam,
  values: unknown[],
  catalog: CatalogData,
  graph: string,
): void {
  const def = catalog.graphs.find((g) => g.name === graph);
  if (!def) return;
  const isVertex = vertexTypeParam.test(p.name);
  if (!isVertex && !edgeTypeParam.test(p.name)) return;
  const known = new Set(isVertex ? def.vertexTypes : def.edgeTypes);
  if (!isVertex)
    for (const e of catalog.edgeTypes)
      if (known.has(e.name) && e.reverseEdge !== undefined) known.add(e.reverseEdge);
  for (const v of values) {
    if (typeof v === 'string' && !known.has(v))
      bad(
        template,
        `parameter ${p.name}: ${v} is not ${isVertex ? 'a vertex' : 'an edge'} type of graph ${graph}`,
      );
  }
}

/** The run's arguments, checked against the template's parameters; throws LIBRARY-BAD-PARAM. */
export function templateArgs(
  template: Template,
  body: Readonly<Record<string, unknown>>,
  catalog: CatalogData,
  graph: string,
): Record<string, unknown> {
  const args = foldVertexTypes(template, body);
  const names = template.params.map((p) => p.name);
  for (const key of Object.keys(args))
    if (!names.includes(key))
      bad(template, `unknown parameter ${key} (parameters: ${names.join(', ')})`);
  for (const p of template.params) {
    const value = args[p.name];
    if (value === undefined || value === null) {
      if (p.min_count > 0) bad(template, `missing parameter ${p.name} (${p.type})`);
      continue;
    }
    const { element, many } = elementType(p.type);
    if (!many && Array.isArray(value))
      bad(template, `parameter ${p.name}: expected one ${p.type}, got a list`);
    const values = Array.isArray(value) ? (value as unknown[]) : [value];
    for (const v of values) {
      const why = mismatch(element, v);
      if (why !== undefined) bad(template, `parameter ${p.name} (${p.type}): ${why}`);
    }
    checkTypeNames(template, p, values, catalog, graph);
  }
  return args;
}
