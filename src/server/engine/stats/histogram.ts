// Equi-width histograms of a numeric attribute (INT, UINT, DATETIME, FLOAT, DOUBLE), computed
// from the in-memory graph as the GSQL reference's statistics pages describe them: up to
// `bucket` buckets (default 256; fewer for integral values when the range is narrower), each with
// its upper bound, the rows in it, the rows equal to its upper bound, and its number of distinct
// values (exact here). Buckets are listed from the lowest; DATETIME bounds are shown as text.
import type { AttrType } from '../catalog/types.js';
import type { GraphScope } from '../scope.js';
import { formatDatetime } from '../values.js';
import { StatsError, StatsErrorCodes } from './errors.js';
import type { HistogramBucket, HistogramTarget } from './store.js';

export const defaultBucketCount = 256;
const histogramTypes = ['INT', 'UINT', 'DATETIME', 'FLOAT', 'DOUBLE'];

/** The attribute's values over the live vertices or edges of the target. */
function attributeValues(
  scope: GraphScope,
  target: HistogramTarget,
): { type: AttrType; values: number[] } {
  const values: number[] = [];
  const push = (v: unknown) => {
    if (typeof v === 'number' || typeof v === 'bigint') values.push(Number(v));
  };
  if (target.kind === 'vertex') {
    const table = scope.vertexTable(target.vertex);
    const def = table.def;
    if (
      def.primaryId.name === target.attribute &&
      !def.attributes.some((a) => a.name === target.attribute)
    ) {
      for (const slot of table.liveSlots()) {
        const id = table.ids[slot];
        if (id !== undefined && /^-?\d+(\.\d+)?$/.test(id)) values.push(Number(id));
      }
      return { type: def.primaryId.type, values };
    }
    const index = def.attributes.findIndex((a) => a.name === target.attribute);
    const attr = def.attributes[index];
    if (!attr) throw noAttribute(target, `vertex type ${def.name}`);
    const column = table.columns[index] ?? [];
    for (const slot of table.liveSlots()) push(column[slot]);
    return { type: attr.type, values };
  }
  const table = scope.edgeTable(target.edge);
  const index = table.def.attributes.findIndex((a) => a.name === target.attribute);
  const attr = table.def.attributes[index];
  if (!attr) throw noAttribute(target, `edge type ${table.def.name}`);
  const from = scope.vertexTable(target.from).typeIndex;
  const to = scope.vertexTable(target.to).typeIndex;
  if (
    !table.def.pairs.some(
      (p) => (p.from === target.from || p.from === '*') && (p.to === target.to || p.to === '*'),
    )
  ) {
    throw new StatsError(
      StatsErrorCodes.badTarget,
      `edge type ${target.edge} has no FROM ${target.from} TO ${target.to} pair`,
    );
  }
  const column = table.columns[index] ?? [];
  for (let slot = 0; slot < table.slotCount; slot++) {
    if (table.alive[slot] !== 1) continue;
    const s = table.srcType[slot];
    const d = table.dstType[slot];
    if ((s === from && d === to) || (!table.def.directed && s === to && d === from))
      push(column[slot]);
  }
  return { type: attr.type, values };
}

function noAttribute(target: HistogramTarget, owner: string): StatsError {
  return new StatsError(
    StatsErrorCodes.badTarget,
    `${owner} has no attribute "${target.attribute}"`,
  );
}

export function computeHistogram(
  scope: GraphScope,
  target: HistogramTarget,
  bucketCount = defaultBucketCount,
): HistogramBucket[] {
  if (!Number.isInteger(bucketCount) || bucketCount < 1) {
    throw new StatsError(
      StatsErrorCodes.badTarget,
      `bucket must be a positive integer, got ${bucketCount}`,
    );
  }
  const { type, values } = attributeValues(scope, target);
  const typeName = type.kind === 'primitive' ? type.name : type.kind.toUpperCase();
  if (!histogramTypes.includes(typeName)) {
    throw new StatsError(
      StatsErrorCodes.unsupportedType,
      `attribute ${target.attribute} is ${typeName}: histograms are kept for ${histogramTypes.join(', ')}`,
    );
  }
  if (values.length === 0) return [];
  let lo = Infinity;
  let hi = -Infinity;
  for (const v of values) {
    if (v < lo) lo = v;
    if (v > hi) hi = v;
  }
  const integral = typeName !== 'FLOAT' && typeName !== 'DOUBLE';
  let count: number;
  let width: number;
  if (integral) {
    const span = hi - lo + 1;
    width = Math.ceil(span / Math.min(bucketCount, span));
    count = Math.ceil(span / width);
  } else {
    count = hi === lo ? 1 : bucketCount;
    width = (hi - lo) / count;
  }
  const upper = (i: number) =>
    i === count - 1 ? hi : integral ? lo + (i + 1) * width - 1 : lo + (i + 1) * width;
  const totals = new Array<number>(count).fill(0);
  const atUpper = new Array<number>(count).fill(0);
  const distinct = Array.from({ length: count }, () => new Set<number>());
  for (const v of values) {
    const i = width === 0 ? 0 : Math.min(count - 1, Math.floor((v - lo) / width));
    totals[i] = (totals[i] ?? 0) + 1;
    distinct[i]?.add(v);
    if (v === upper(i)) atUpper[i] = (atUpper[i] ?? 0) + 1;
  }
  const shown = (v: number) => (typeName === 'DATETIME' ? formatDatetime(v) : v);
  return totals.map((rowsTotal, i) => ({
    ndv: distinct[i]?.size ?? 0,
    upperBound: shown(upper(i)),
    rowsUpper: atUpper[i] ?? 0,
    rowsTotal,
  }));
}
