// The write operations of the engine, as logged: names and external ids (never slots), attribute
// values already coerced to their types. Replaying the log in order rebuilds the graph exactly.
// Bulk writes log columnar batches (ids as UTF-8 bytes end to end, attributes as columns), so
// logging and applying a million edges makes no object per edge.
import type { CatalogData } from './catalog/types.js';

/** Upsert op codes of the real service: overwrite, keep if exists, add, and, or, max, min. */
export type OpCode = '=' | '~' | '+' | '&' | '|' | '>' | '<';

/** [attribute position, op code, value]. */
export type AttrUpdate = readonly [number, OpCode, unknown];

export interface UpsertVertex {
  readonly k: 'v';
  readonly t: string;
  readonly id: string;
  readonly u: readonly AttrUpdate[];
  /** 'new': only insert (new_vertex_only); 'update': only update existing (update_vertex_only). */
  readonly only?: 'new' | 'update';
}

export interface UpsertEdge {
  readonly k: 'e';
  readonly t: string;
  readonly ft: string;
  readonly f: string;
  readonly tt: string;
  readonly to: string;
  readonly u: readonly AttrUpdate[];
  /** Discriminator values, in discriminator order. */
  readonly disc: readonly unknown[];
  /** Which ends must already exist (vertex_must_exist and its one-sided forms). */
  readonly must?: 'both' | 'source' | 'target';
}

export interface DeleteVertex {
  readonly k: 'dv';
  readonly t: string;
  readonly id: string;
  readonly permanent?: boolean;
}

export interface DeleteEdge {
  readonly k: 'de';
  readonly t: string;
  readonly ft: string;
  readonly f: string;
  readonly tt: string;
  readonly to: string;
  /** One discriminated edge; absent: every edge of the type between the two vertices. */
  readonly disc?: readonly unknown[];
}

/** Delete all data of all graphs (CLEAR GRAPH STORE); the schema stays. */
export interface ClearData {
  readonly k: 'clear';
}

/** A schema change: the whole new catalog (data follows by name). */
export interface SchemaChange {
  readonly k: 'schema';
  readonly catalog: CatalogData;
}

/**
 * The values of one attribute for each object of a batch: [position, op code, value per object];
 * an undefined value leaves the attribute of that object alone.
 */
export type ColumnUpdate = readonly [number, OpCode, readonly unknown[]];

/**
 * Many vertices of one type (bulk loading, large upserts): `n` ids as a key list (keys.ts), the
 * attributes as columns. Applying it is applying one UpsertVertex per id, in order.
 */
export interface UpsertVertices {
  readonly k: 'V';
  readonly t: string;
  readonly n: number;
  readonly keys: Uint8Array;
  readonly u: readonly ColumnUpdate[];
  readonly only?: 'new' | 'update';
}

/**
 * Many edges of one type between vertices of two given types, without a discriminator: the
 * key list holds the source id then the target id of each of the `n` edges. Applying it is
 * applying one UpsertEdge per edge, in order.
 */
export interface UpsertEdges {
  readonly k: 'E';
  readonly t: string;
  readonly ft: string;
  readonly tt: string;
  readonly n: number;
  readonly keys: Uint8Array;
  readonly u: readonly ColumnUpdate[];
  readonly must?: 'both' | 'source' | 'target';
}

export type Mutation =
  | UpsertVertex
  | UpsertEdge
  | UpsertVertices
  | UpsertEdges
  | DeleteVertex
  | DeleteEdge
  | ClearData
  | SchemaChange;

/** What applying a batch did, for the endpoints' answers. */
export interface ApplyReport {
  acceptedVertices: number;
  acceptedEdges: number;
  skippedVertices: number;
  skippedEdges: number;
  /** Vertices skipped by new_vertex_only because they existed: {v_type, v_id}. */
  readonly existingVertices: { v_type: string; v_id: string }[];
  /** Endpoints missing for vertex_must_exist: {v_type, v_id}. */
  readonly missingVertices: { v_type: string; v_id: string }[];
  readonly deletedVertices: Map<string, number>;
  readonly deletedEdges: Map<string, number>;
  /** Vertices created implicitly as edge endpoints. */
  createdEndpoints: number;
  /**
   * Vertices left out per vertex type (skippedVertices by type): new-only on an existing id,
   * update-only on a new one, an id deleted permanently, a type dropped since the batch was
   * planned. The loader counts them as rejected objects of that type (loading/stats.ts).
   */
  readonly skippedByVertexType: Map<string, number>;
  /**
   * Edges left out per edge type (skippedEdges by type), by the end that made them be left out:
   * [source end, target end] (missing under a must-exist flag, deleted permanently, or of a
   * type dropped since). An edge refused for both ends counts at its source end.
   */
  readonly skippedByEdgeType: Map<string, [number, number]>;
}

export function emptyReport(): ApplyReport {
  return {
    acceptedVertices: 0,
    acceptedEdges: 0,
    skippedVertices: 0,
    skippedEdges: 0,
    existingVertices: [],
    missingVertices: [],
    deletedVertices: new Map(),
    deletedEdges: new Map(),
    createdEndpoints: 0,
    skippedByVertexType: new Map(),
    skippedByEdgeType: new Map(),
  };
}

/** Counts `n` vertices of `type` left out (skippedVertices and its per-type count). */
export function skipVertices(report: ApplyReport, type: string, n = 1): void {
  report.skippedVertices += n;
  report.skippedByVertexType.set(type, (report.skippedByVertexType.get(type) ?? 0) + n);
}

/** Counts `n` edges of `type` left out, at the source end or the target end. */
export function skipEdges(report: ApplyReport, type: string, end: 'source' | 'target', n = 1) {
  report.skippedEdges += n;
  let counts = report.skippedByEdgeType.get(type);
  if (!counts) report.skippedByEdgeType.set(type, (counts = [0, 0]));
  counts[end === 'source' ? 0 : 1] += n;
}

/**
 * About how many bytes a mutation takes in memory and in the log: a batch's key list and its
 * columns (8 bytes a value), a few hundred bytes for anything else. Sizes the log entries and
 * what a staged request keeps in memory.
 */
export function mutationBytes(m: Mutation): number {
  if (m.k === 'V' || m.k === 'E') {
    let bytes = 64 + m.keys.byteLength;
    for (const [, , values] of m.u) bytes += 8 * values.length;
    return bytes;
  }
  return m.k === 'schema' ? 4096 : 256;
}
