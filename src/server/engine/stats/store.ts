// Persisted optimizer statistics (spec document 2, Statistics; the query optimizer pages of the
// GSQL reference): per graph, the vertex and edge cardinalities and the attribute histograms,
// kept in the log of record (a named record beside the graph) so they survive restarts. They
// are a snapshot taken when asked (refreshed by POST, removed by DELETE), not live counts.
import type { Engine } from '../engine.js';
import { recordCell, type RecordCell } from '../../stored/record-cell.js';

export interface VertexCount {
  readonly type: string;
  readonly count: number;
}

export interface EdgeCount {
  readonly type: string;
  readonly count: number;
  /** Present for the count of one FROM/TO pair of the type; absent for the type's total. */
  readonly from?: string;
  readonly to?: string;
}

export interface Cardinality {
  readonly vertex_counts: readonly VertexCount[];
  readonly edge_counts: readonly EdgeCount[];
}

export interface HistogramBucket {
  readonly ndv: number;
  readonly upperBound: number | string;
  readonly rowsUpper: number;
  readonly rowsTotal: number;
}

/** What a histogram describes: an attribute of a vertex type, or of an edge type's FROM/TO pair. */
export type HistogramTarget =
  | {
      readonly kind: 'vertex';
      readonly graph: string;
      readonly vertex: string;
      readonly attribute: string;
    }
  | {
      readonly kind: 'edge';
      readonly graph: string;
      readonly edge: string;
      readonly from: string;
      readonly to: string;
      readonly attribute: string;
    };

export interface StoredHistogram {
  readonly target: HistogramTarget;
  readonly buckets: readonly HistogramBucket[];
  readonly gatherStart: string;
  readonly gatherEnd: string;
}

export interface StatisticsData {
  readonly cardinality: Readonly<Record<string, Cardinality>>;
  /** By histogramKey(target). */
  readonly histograms: Readonly<Record<string, StoredHistogram>>;
}

const recordKey = 'stats';
const empty: StatisticsData = { cardinality: {}, histograms: {} };

function readStored(stored: unknown): StatisticsData {
  if (typeof stored !== 'object' || stored === null) return empty;
  const s = stored as Partial<StatisticsData>;
  return { cardinality: s.cardinality ?? {}, histograms: s.histograms ?? {} };
}

export function statisticsStore(engine: Engine): RecordCell<StatisticsData> {
  return recordCell(engine, recordKey, readStored);
}

/** The name the service uses for a histogram's subject: graph.type.attribute. */
export function histogramName(target: HistogramTarget): string {
  const type = target.kind === 'vertex' ? target.vertex : target.edge;
  return `${target.graph}.${type}.${target.attribute}`;
}

export function histogramKey(target: HistogramTarget): string {
  return target.kind === 'vertex'
    ? `v|${target.graph}|${target.vertex}|${target.attribute}`
    : `e|${target.graph}|${target.edge}|${target.from}|${target.to}|${target.attribute}`;
}
