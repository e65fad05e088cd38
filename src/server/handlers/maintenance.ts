// Engine maintenance endpoints: /rebuildnow (fold deltas, checkpoint, write the summary file),
// /deleted_vertex_check and /data_consistency_check (the in-memory tables checked against
// themselves: live flags, id index and counts must agree).
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Engine } from '../engine/engine.js';
import type { VertexTable } from '../engine/graph/vertex-table.js';
import { GraphScope } from '../engine/scope.js';
import type { HandlerMap, RequestContext } from '../http/context.js';
import { withEngineErrors } from './engine-errors.js';

/** Vertex types whose live flags, id index and live count disagree. */
function unsynced(engine: Engine, types?: readonly string[]) {
  const problems: {
    Segid: number;
    IsRemote: boolean;
    VertexType: string;
    GPEDelHash: number;
    IDSDelHash: number;
  }[] = [];
  for (const table of engine.graph.vertices.values()) {
    if (types && types.length > 0 && !types.includes(table.def.name)) continue;
    let alive = 0;
    for (let slot = 0; slot < table.slotCount; slot++) if (table.alive[slot] === 1) alive++;
    const deletedByFlags = table.slotCount - alive;
    const deletedByIndex = table.slotCount - table.slotOf.size;
    if (alive !== table.liveCount || deletedByFlags !== deletedByIndex) {
      problems.push({
        Segid: table.typeIndex,
        IsRemote: false,
        VertexType: table.def.name,
        GPEDelHash: deletedByFlags,
        IDSDelHash: deletedByIndex,
      });
    }
  }
  return problems;
}

function summaryLine(table: VertexTable, edges: number, at: Date): string {
  const deleted = table.slotCount - table.liveCount;
  return `[SELECTED] ${table.typeIndex} ${table.def.name} ${table.liveCount} ${table.slotCount} ${edges} ${deleted} 0 0 ${at.toISOString()}`;
}

async function rebuild(ctx: RequestContext<'rebuildNow'> | RequestContext<'rebuildNowPost'>) {
  const scope = new GraphScope(ctx.engine.graph, ctx.params.graph_name);
  const summary = await ctx.engine.rebuild(ctx.query.force === true);
  const wanted = ctx.query.vertextype;
  const lines = scope.vertexTypes.map((name) => {
    const table = scope.vertexTable(name);
    let edges = 0;
    for (const e of scope.edgeTypes) {
      const t = scope.edgeTable(e);
      for (let slot = 0; slot < t.slotCount; slot++)
        if (t.alive[slot] === 1 && t.srcType[slot] === table.typeIndex) edges++;
    }
    const line = summaryLine(table, edges, summary.at);
    return wanted !== undefined && wanted !== name ? line.replace('[SELECTED]', '[SKIPPED]') : line;
  });
  // The summary goes into the data folder: a request never chooses where the server writes.
  const folder = join(ctx.engine.dir, 'rebuildnow');
  await mkdir(folder, { recursive: true });
  await writeFile(join(folder, `summary_${summary.at.getTime()}`), `${lines.join('\n')}\n`);
  return {
    results: [],
    message: `RebuildNow finished, please check details in the folder: ${folder}`,
  };
}

export const maintenanceHandlers: HandlerMap = withEngineErrors({
  rebuildNow: rebuild,
  rebuildNowPost: rebuild,
  deletedVertexCheck: async (ctx) => {
    const list = unsynced(ctx.engine, ctx.query.vertextype);
    const pass = list.length === 0;
    return {
      results: [{ GPE: 'GPE_1#1', PassCheck: pass, UnSyncList: list }],
      message: pass ? 'check passed' : 'check failed',
    };
  },
  dataConsistencyCheck: async (ctx) => {
    const list = unsynced(ctx.engine);
    const pass = list.length === 0;
    return {
      results: {
        GPESelfCheck: [{ Partition: 1, PassCheck: pass, UnSyncList: list }],
        GPEGSECheck: [{ GPE: 'GPE_1#1', PassCheck: pass, UnSyncList: list }],
      },
      message: pass ? 'check passed' : 'check failed',
    };
  },
});
