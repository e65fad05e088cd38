// The statistics of a load in the real service's shape (POST /ddl): line-level counters, then one
// entry per vertex and edge type loaded, keys in the service's order. The concise form (the
// `concise` flag) keeps only the numbers of vertices and edges added or deleted.
// An object is valid only once the graph took it: the objects that applying a batch left out
// (ApplyReport.skippedBy*Type) move from validObject to the bucket of the id that refused them
// (countSkipped): a vertex's own id (NEW_VERTEX_ONLY on an existing vertex, an id deleted
// permanently) is invalidPrimaryId; an edge's source end is invalidPrimaryId and its target end
// invalidSecondaryId (VERTEX_MUST_EXIST on a missing end, an end deleted permanently), as an
// end of a type the edge does not allow already counts.
import type { ApplyReport } from '../mutations.js';

export interface ObjectStatistics {
  typeName: string;
  validObject: number;
  noIdFound: number;
  invalidAttribute: number;
  invalidPrimaryId: number;
  invalidSecondaryId: number;
  incorrectFixedBinaryLength: number;
}

export interface LoadStatistics {
  validLine: number;
  rejectLine: number;
  failedConditionLine: number;
  notEnoughToken: number;
  invalidJson: number;
  oversizeToken: number;
  vertex: ObjectStatistics[];
  edge: ObjectStatistics[];
  deleteVertex: ObjectStatistics[];
  deleteEdge: ObjectStatistics[];
}

export interface FileStatistics {
  readonly sourceFileName: string;
  readonly statistics: LoadStatistics;
}

/** Concise statistics: how many vertices and edges were added or deleted. */
export interface ConciseStatistics {
  readonly sourceFileName: string;
  readonly statistics: {
    readonly vertex: number;
    readonly edge: number;
    readonly deleteVertex: number;
    readonly deleteEdge: number;
  };
}

export type LoadingResult = FileStatistics | ConciseStatistics;

export function objectStatistics(typeName: string): ObjectStatistics {
  return {
    typeName,
    validObject: 0,
    noIdFound: 0,
    invalidAttribute: 0,
    invalidPrimaryId: 0,
    invalidSecondaryId: 0,
    incorrectFixedBinaryLength: 0,
  };
}

export function emptyStatistics(): LoadStatistics {
  return {
    validLine: 0,
    rejectLine: 0,
    failedConditionLine: 0,
    notEnoughToken: 0,
    invalidJson: 0,
    oversizeToken: 0,
    vertex: [],
    edge: [],
    deleteVertex: [],
    deleteEdge: [],
  };
}

/** A deep copy, for progress reports taken while the counters keep moving. */
export function copyStatistics(s: LoadStatistics): LoadStatistics {
  return {
    ...s,
    vertex: s.vertex.map((o) => ({ ...o })),
    edge: s.edge.map((o) => ({ ...o })),
    deleteVertex: s.deleteVertex.map((o) => ({ ...o })),
    deleteEdge: s.deleteEdge.map((o) => ({ ...o })),
  };
}

function entry(list: readonly ObjectStatistics[], type: string): ObjectStatistics | undefined {
  for (const o of list) if (o.typeName === type) return o;
  return undefined;
}

/** Moves the objects `report` says applying left out from validObject to their bucket. */
export function countSkipped(statistics: LoadStatistics, report: ApplyReport): void {
  for (const [type, n] of report.skippedByVertexType) {
    const o = entry(statistics.vertex, type);
    if (!o) continue;
    o.validObject -= n;
    o.invalidPrimaryId += n;
  }
  for (const [type, [source, target]] of report.skippedByEdgeType) {
    const o = entry(statistics.edge, type);
    if (!o) continue;
    o.validObject -= source + target;
    o.invalidPrimaryId += source;
    o.invalidSecondaryId += target;
  }
}

const total = (list: readonly ObjectStatistics[]) =>
  list.reduce((sum, o) => sum + o.validObject, 0);

export function conciseOf(result: FileStatistics): ConciseStatistics {
  const s = result.statistics;
  return {
    sourceFileName: result.sourceFileName,
    statistics: {
      vertex: total(s.vertex),
      edge: total(s.edge),
      deleteVertex: total(s.deleteVertex),
      deleteEdge: total(s.deleteEdge),
    },
  };
}
