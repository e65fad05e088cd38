// The graph built-ins: stat_vertex_number, stat_edge_number, stat_vertex_attr, stat_edge_attr,
// by type or `*`, edges optionally narrowed by from_type and to_type.
import type { AttributeDef } from '../catalog/types.js';
import { EngineError } from '../errors.js';
import type { EdgeTable } from '../graph/edge-table.js';
import type { GraphScope } from '../scope.js';

export interface BuiltinRequest {
  readonly function:
    'stat_vertex_number' | 'stat_edge_number' | 'stat_vertex_attr' | 'stat_edge_attr';
  readonly type: string;
  readonly from_type?: string;
  readonly to_type?: string;
}

const numeric = new Set(['INT', 'UINT', 'FLOAT', 'DOUBLE']);

interface AttributeStat {
  readonly name: string;
  readonly value: Record<string, number>;
}

/** MIN, MAX, AVG of numeric attributes; counts of true and false for booleans. */
function attributeStats(
  attrs: readonly AttributeDef[],
  columns: readonly unknown[][],
  slots: Iterable<number>,
) {
  const stats = attrs.map((attr) => ({
    attr,
    min: Infinity,
    max: -Infinity,
    sum: 0,
    n: 0,
    t: 0,
    f: 0,
  }));
  for (const slot of slots) {
    stats.forEach((s, i) => {
      const v = columns[i]?.[slot];
      if (s.attr.type.kind !== 'primitive') return;
      if (s.attr.type.name === 'BOOL') {
        if (v === true) s.t++;
        else s.f++;
      } else if (numeric.has(s.attr.type.name)) {
        const x = Number(v);
        s.min = Math.min(s.min, x);
        s.max = Math.max(s.max, x);
        s.sum += x;
        s.n++;
      }
    });
  }
  return stats.flatMap((s): AttributeStat[] => {
    if (s.attr.type.kind !== 'primitive') return [];
    if (s.attr.type.name === 'BOOL')
      return [{ name: s.attr.name, value: { TRUE: s.t, FALSE: s.f } }];
    if (!numeric.has(s.attr.type.name)) return [];
    const value =
      s.n === 0 ? { MAX: 0, MIN: 0, AVG: 0 } : { MAX: s.max, MIN: s.min, AVG: s.sum / s.n };
    return [{ name: s.attr.name, value }];
  });
}

function edgeSlots(scope: GraphScope, table: EdgeTable, request: BuiltinRequest): number[] {
  const from =
    request.from_type && request.from_type !== '*'
      ? scope.vertexTable(request.from_type).typeIndex
      : undefined;
  const to =
    request.to_type && request.to_type !== '*'
      ? scope.vertexTable(request.to_type).typeIndex
      : undefined;
  const slots: number[] = [];
  for (let slot = 0; slot < table.slotCount; slot++) {
    if (table.alive[slot] !== 1) continue;
    const s = table.srcType[slot];
    const d = table.dstType[slot];
    // An undirected edge matches from/to either way round.
    const forward = (from === undefined || s === from) && (to === undefined || d === to);
    const backward =
      !table.def.directed && (from === undefined || d === from) && (to === undefined || s === to);
    if (forward || backward) slots.push(slot);
  }
  return slots;
}

function types(all: string[], requested: string): string[] {
  return requested === '*' ? all : [requested];
}

const builtinNames: readonly string[] = [
  'stat_vertex_number',
  'stat_edge_number',
  'stat_vertex_attr',
  'stat_edge_attr',
] satisfies readonly BuiltinRequest['function'][];

export function runBuiltin(scope: GraphScope, request: BuiltinRequest): unknown[] {
  // The request comes from a client: its function is checked before the typed switch.
  if (!builtinNames.includes(request.function)) {
    throw new EngineError(
      'ENGINE-BAD-REQUEST',
      `unknown built-in function ${String((request as { function: unknown }).function)}`,
    );
  }
  switch (request.function) {
    case 'stat_vertex_number':
      return types(scope.vertexTypes, request.type).map((t) => ({
        v_type: t,
        count: scope.vertexTable(t).liveCount,
      }));
    case 'stat_edge_number':
      return types(scope.edgeTypes, request.type).map((t) => {
        const table = scope.edgeTable(t);
        const filtered = request.from_type !== undefined || request.to_type !== undefined;
        return {
          e_type: t,
          count: filtered ? edgeSlots(scope, table, request).length : table.liveCount,
        };
      });
    case 'stat_vertex_attr':
      return types(scope.vertexTypes, request.type).map((t) => {
        const table = scope.vertexTable(t);
        const stats = attributeStats(table.def.attributes, table.columns, table.liveSlots());
        return {
          vertexName: t,
          attributeStat: stats.map((s) => ({ vattrName: s.name, ...s.value })),
        };
      });
    case 'stat_edge_attr':
      return types(scope.edgeTypes, request.type).map((t) => {
        const table = scope.edgeTable(t);
        const stats = attributeStats(
          table.def.attributes,
          table.columns,
          edgeSlots(scope, table, request),
        );
        return { e_type: t, attributes: Object.fromEntries(stats.map((s) => [s.name, s.value])) };
      });
  }
}
