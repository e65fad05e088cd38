// Vertices and edges in the REST records' JSON form: {v_id, v_type, attributes} and
// {e_type, from_id, from_type, to_id, to_type, directed, attributes}.
import type { AttributeDef } from './catalog/types.js';
import type { EdgeTable } from './graph/edge-table.js';
import type { Graph } from './graph/graph.js';
import type { VertexTable } from './graph/vertex-table.js';
import { coerce, outputValue } from './values.js';

export interface VertexRecord {
  v_id: string;
  v_type: string;
  attributes: Record<string, unknown>;
}

export interface EdgeRecord {
  e_type: string;
  from_id: string;
  from_type: string;
  to_id: string;
  to_type: string;
  directed: boolean;
  attributes: Record<string, unknown>;
}

function attributesOf(
  defs: readonly AttributeDef[],
  columns: readonly unknown[][],
  slot: number,
  select?: ReadonlySet<string>,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (let i = 0; i < defs.length; i++) {
    const def = defs[i];
    if (!def || (select && !select.has(def.name))) continue;
    out[def.name] = outputValue(def.type, columns[i]?.[slot]);
  }
  return out;
}

/** A vertex record; `select` limits the attributes (the REST `select` parameter). */
export function vertexRecord(
  table: VertexTable,
  slot: number,
  select?: ReadonlySet<string>,
): VertexRecord {
  const id = table.ids[slot] ?? '';
  const attributes: Record<string, unknown> = {};
  const def = table.def;
  // primary_id_as_attribute: the id is shown as an attribute of its own name, first, as a value
  // of the id's type (a UINT id is a number there; v_id stays text).
  if (
    def.primaryIdAsAttribute &&
    !def.primaryKeySyntax &&
    (!select || select.has(def.primaryId.name))
  ) {
    attributes[def.primaryId.name] = outputValue(
      def.primaryId.type,
      coerce(def.primaryId.type, id),
    );
  }
  Object.assign(attributes, attributesOf(def.attributes, table.columns, slot, select));
  return { v_id: id, v_type: def.name, attributes };
}

/**
 * An edge record. `flip` shows the edge from its stored target to its stored source: an
 * undirected edge walked from its other end, or a reverse edge (then `name` is the reverse name).
 */
export function edgeRecord(
  graph: Graph,
  table: EdgeTable,
  slot: number,
  options: { flip?: boolean; name?: string; select?: ReadonlySet<string> } = {},
): EdgeRecord {
  const from = graph.vertexByIndex[table.srcType[slot] ?? 0];
  const to = graph.vertexByIndex[table.dstType[slot] ?? 0];
  const fromId = from?.ids[table.src[slot] ?? 0] ?? '';
  const toId = to?.ids[table.dst[slot] ?? 0] ?? '';
  const reversed = options.flip === true;
  return {
    e_type: options.name ?? table.def.name,
    from_id: reversed ? toId : fromId,
    from_type: (reversed ? to : from)?.def.name ?? '',
    to_id: reversed ? fromId : toId,
    to_type: (reversed ? from : to)?.def.name ?? '',
    directed: table.def.directed,
    attributes: attributesOf(table.def.attributes, table.columns, slot, options.select),
  };
}
