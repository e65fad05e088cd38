// Plans an upsert request (the real service's nested JSON with per-attribute op codes) into
// mutations, checking every type, attribute and value first: one bad item refuses the request.
import type { AttributeDef, EdgeTypeDef, TupleDef } from '../catalog/types.js';
import { pairAllows, pairsText } from '../catalog/pairs.js';
import { EngineError } from '../errors.js';
import type { AttrUpdate, Mutation, OpCode, UpsertEdge } from '../mutations.js';
import type { GraphScope } from '../scope.js';
import { coerce, ValueError } from '../values.js';
import { canonicalId } from './ids.js';

/** The body as received; its nesting is checked here, level by level, with clear messages. */
export interface UpsertBody {
  readonly vertices?: Readonly<Record<string, unknown>>;
  readonly edges?: Readonly<Record<string, unknown>>;
}

export interface UpsertOptions {
  readonly newVertexOnly?: boolean;
  readonly updateVertexOnly?: boolean;
  readonly vertexMustExist?: boolean;
  readonly sourceVertexMustExist?: boolean;
  readonly targetVertexMustExist?: boolean;
}

const opCodes: Record<string, OpCode> = {
  ignore_if_exists: '~',
  '~': '~',
  add: '+',
  '+': '+',
  and: '&',
  '&': '&',
  or: '|',
  '|': '|',
  max: '>',
  '>': '>',
  min: '<',
  '<': '<',
};

function entries<T>(value: unknown, what: string): [string, T][] {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new EngineError('ENGINE-BAD-REQUEST', `${what} must be a JSON object`);
  }
  return Object.entries(value as Record<string, T>);
}

function updatesFor(
  owner: string,
  attributes: readonly AttributeDef[],
  given: unknown,
  tuples: readonly TupleDef[],
): AttrUpdate[] {
  const lookup = (name: string) => tuples.find((t) => t.name === name)?.fields;
  return entries<unknown>(given ?? {}, `${owner} attributes`).map(([name, raw]) => {
    const pos = attributes.findIndex((a) => a.name === name);
    const attr = attributes[pos];
    if (!attr)
      throw new EngineError('ENGINE-UNKNOWN-ATTRIBUTE', `${owner}: unknown attribute "${name}"`);
    const wrapped =
      typeof raw === 'object' && raw !== null && !Array.isArray(raw) && 'value' in raw;
    const value: unknown = wrapped ? raw.value : raw;
    const opText = wrapped ? (raw as { op?: unknown }).op : undefined;
    const op =
      opText === undefined ? '=' : typeof opText === 'string' ? opCodes[opText] : undefined;
    if (!op)
      throw new EngineError(
        'ENGINE-BAD-REQUEST',
        `${owner}.${name}: unknown op ${JSON.stringify(opText)}`,
      );
    try {
      return [pos, op, coerce(attr.type, value, lookup)] as const;
    } catch (error) {
      if (error instanceof ValueError) {
        throw new EngineError('ENGINE-BAD-VALUE', `${owner}.${name}: ${error.message}`);
      }
      throw error;
    }
  });
}

/** The mutations of an upsert body, or an EngineError naming the first bad item. */
export function planUpsert(
  scope: GraphScope,
  body: UpsertBody,
  options: UpsertOptions = {},
): Mutation[] {
  if (options.vertexMustExist && (options.sourceVertexMustExist || options.targetVertexMustExist)) {
    throw new EngineError(
      'ENGINE-BAD-REQUEST',
      'vertex_must_exist cannot be combined with source_vertex_must_exist or target_vertex_must_exist',
    );
  }
  if (options.newVertexOnly && options.updateVertexOnly) {
    throw new EngineError(
      'ENGINE-BAD-REQUEST',
      'new_vertex_only and update_vertex_only exclude each other',
    );
  }
  const tuples = scope.graph.catalog.tuples;
  const only = options.newVertexOnly ? 'new' : options.updateVertexOnly ? 'update' : undefined;
  const mutations: Mutation[] = [];
  for (const [type, byId] of entries<unknown>(body.vertices ?? {}, 'vertices')) {
    const table = scope.vertexTable(type);
    for (const [rawId, attrs] of entries<unknown>(byId, `vertices.${type}`)) {
      const id = canonicalId(table.def, rawId);
      const u = updatesFor(`vertex ${type} "${rawId}"`, table.def.attributes, attrs, tuples);
      mutations.push(only ? { k: 'v', t: type, id, u, only } : { k: 'v', t: type, id, u });
    }
  }
  const must = options.vertexMustExist
    ? 'both'
    : options.sourceVertexMustExist
      ? 'source'
      : options.targetVertexMustExist
        ? 'target'
        : undefined;
  for (const [ft, bySource] of entries<unknown>(body.edges ?? {}, 'edges')) {
    const fromTable = scope.vertexTable(ft);
    for (const [rawFrom, byEdge] of entries<unknown>(bySource, `edges.${ft}`)) {
      const f = canonicalId(fromTable.def, rawFrom);
      for (const [et, byTarget] of entries<unknown>(byEdge, `edges.${ft}.${rawFrom}`)) {
        const def = scope.edgeTable(et).def;
        for (const [tt, byTo] of entries<unknown>(byTarget, `edges.${ft}.${rawFrom}.${et}`)) {
          const toTable = scope.vertexTable(tt);
          if (!pairAllows(def, ft, tt)) {
            throw new EngineError(
              'ENGINE-EDGE-PAIR',
              `edge type ${et} does not go from ${ft} to ${tt} (its pairs: ${pairsText(def)})`,
            );
          }
          for (const [rawTo, attrs] of entries<unknown>(
            byTo,
            `edges.${ft}.${rawFrom}.${et}.${tt}`,
          )) {
            const to = canonicalId(toTable.def, rawTo);
            const owner = `edge ${et} (${ft} "${rawFrom}" -> ${tt} "${rawTo}")`;
            const u = updatesFor(owner, def.attributes, attrs, tuples);
            mutations.push(edgeMutation(def, owner, { t: et, ft, f, tt, to, u }, must));
          }
        }
      }
    }
  }
  return mutations;
}

function edgeMutation(
  def: EdgeTypeDef,
  owner: string,
  base: Omit<UpsertEdge, 'k' | 'disc' | 'must'>,
  must: UpsertEdge['must'],
): UpsertEdge {
  const disc = def.discriminator.map((name) => {
    const pos = def.attributes.findIndex((a) => a.name === name);
    const given = base.u.find(([p]) => p === pos);
    if (!given)
      throw new EngineError(
        'ENGINE-BAD-REQUEST',
        `${owner}: discriminator attribute "${name}" is required`,
      );
    return given[2];
  });
  return must ? { k: 'e', ...base, disc, must } : { k: 'e', ...base, disc };
}
