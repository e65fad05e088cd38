// The rules of an upsert request's items (the real service's nested JSON with per-attribute op
// codes), used by the streaming reader (upsert-stream.ts): the options, an attribute's op code
// and value coerced to its type, a discriminated edge's mutation. A bad item is an EngineError
// that refuses the whole request.
import type { AttributeDef, EdgeTypeDef, TupleDef } from '../catalog/types.js';
import { EngineError } from '../errors.js';
import type { AttrUpdate, OpCode, UpsertEdge } from '../mutations.js';
import { coerce, ValueError, type TupleLookup } from '../values.js';

export interface UpsertOptions {
  readonly newVertexOnly?: boolean;
  readonly updateVertexOnly?: boolean;
  readonly vertexMustExist?: boolean;
  readonly sourceVertexMustExist?: boolean;
  readonly targetVertexMustExist?: boolean;
}

export const opCodes: Record<string, OpCode> = {
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

/**
 * One attribute of an upsert item: its position, op code and value coerced to its type, from
 * a bare value or `{"value": v, "op": "add"}`; an EngineError names what is wrong.
 */
export function attributeUpdate(
  owner: string | (() => string),
  attributes: readonly AttributeDef[],
  name: string,
  raw: unknown,
  lookup: TupleLookup,
): AttrUpdate {
  const who = () => (typeof owner === 'string' ? owner : owner());
  const pos = attributes.findIndex((a) => a.name === name);
  const attr = attributes[pos];
  if (!attr)
    throw new EngineError('ENGINE-UNKNOWN-ATTRIBUTE', `${who()}: unknown attribute "${name}"`);
  const wrapped = typeof raw === 'object' && raw !== null && !Array.isArray(raw) && 'value' in raw;
  const value: unknown = wrapped ? raw.value : raw;
  const opText = wrapped ? (raw as { op?: unknown }).op : undefined;
  const op = opText === undefined ? '=' : typeof opText === 'string' ? opCodes[opText] : undefined;
  if (!op)
    throw new EngineError(
      'ENGINE-BAD-REQUEST',
      `${who()}.${name}: unknown op ${JSON.stringify(opText)}`,
    );
  try {
    return [pos, op, coerce(attr.type, value, lookup)] as const;
  } catch (error) {
    if (error instanceof ValueError) {
      throw new EngineError('ENGINE-BAD-VALUE', `${who()}.${name}: ${error.message}`);
    }
    throw error;
  }
}

/** Tuple types by name, for coercing tuple values. */
export const tupleLookup =
  (tuples: readonly TupleDef[]): TupleLookup =>
  (name) =>
    tuples.find((t) => t.name === name)?.fields;

/** Refuses option combinations that exclude each other. */
export function checkUpsertOptions(options: UpsertOptions): void {
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
}

/** Which ends of an edge must exist already, from the request's options. */
export function mustExist(options: UpsertOptions): UpsertEdge['must'] {
  return options.vertexMustExist
    ? 'both'
    : options.sourceVertexMustExist
      ? 'source'
      : options.targetVertexMustExist
        ? 'target'
        : undefined;
}

/** A single edge mutation (its discriminator values taken from its attributes). */
export function edgeMutation(
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
