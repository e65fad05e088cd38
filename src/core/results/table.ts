// Result shaping shared by the faces: the JSON a query PRINTs turned into tables. A vertex set
// (objects with v_id and v_type) becomes rows of id, type, attributes and @accumulators; a list
// of flat objects becomes rows of its keys. Cells stay values: each face decides how to show them.

/** A rectangular result: column names and one value per column in each row. */
export interface ResultTable {
  readonly columns: readonly string[];
  readonly rows: readonly (readonly unknown[])[];
}

export interface VertexLike {
  readonly v_id: unknown;
  readonly v_type: unknown;
  readonly attributes?: Record<string, unknown>;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** An array of vertices as the service prints them (PRINT of a vertex set, listVertices). */
export function isVertexSet(value: unknown): value is VertexLike[] {
  return (
    Array.isArray(value) &&
    value.length > 0 &&
    value.every((v) => isRecord(v) && 'v_id' in v && 'v_type' in v)
  );
}

/** An array of objects (a SELECT into a table, an edge list): one row per object. */
export function isRowList(value: unknown): value is Record<string, unknown>[] {
  return Array.isArray(value) && value.length > 0 && value.every(isRecord);
}

/** Column names in first-seen order across all rows. */
function unionKeys(objects: readonly Record<string, unknown>[]): string[] {
  const seen = new Set<string>();
  for (const o of objects) for (const k of Object.keys(o)) seen.add(k);
  return [...seen];
}

/**
 * A vertex set as a table: v_id, v_type, then attributes (accumulators included, as the
 * service prints them inside `attributes`) in first-seen order. A column absent from a vertex
 * of another type stays undefined, so faces can show it as empty rather than as null.
 */
export function vertexSetToTable(vertices: readonly VertexLike[]): ResultTable {
  const attrs = unionKeys(vertices.map((v) => (isRecord(v.attributes) ? v.attributes : {})));
  // Other top-level fields (rare: some services print extra keys beside attributes).
  const extra = unionKeys(
    vertices.map((v) => {
      const {
        v_id: _id,
        v_type: _type,
        attributes: _attrs,
        ...rest
      } = v as unknown as Record<string, unknown>;
      return rest;
    }),
  );
  const columns = ['v_id', 'v_type', ...attrs, ...extra.filter((k) => !attrs.includes(k))];
  const rows = vertices.map((v) => {
    const record = v as unknown as Record<string, unknown>;
    const attributes = isRecord(v.attributes) ? v.attributes : {};
    return columns.map((c, i) =>
      i === 0 ? v.v_id : i === 1 ? v.v_type : c in attributes ? attributes[c] : record[c],
    );
  });
  return { columns, rows };
}

/** A list of objects as a table of their keys. */
export function rowsToTable(objects: readonly Record<string, unknown>[]): ResultTable {
  const columns = unionKeys(objects);
  return { columns, rows: objects.map((o) => columns.map((c) => o[c])) };
}

/** The table for a printed value, if it is tabular; undefined for scalars and maps. */
export function toTable(value: unknown): ResultTable | undefined {
  if (isVertexSet(value)) return vertexSetToTable(value);
  if (isRowList(value)) return rowsToTable(value);
  return undefined;
}

/** One cell as text: strings as they are, null/undefined empty, anything else as JSON. */
export function cellText(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') {
    return String(value);
  }
  return JSON.stringify(value, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v));
}
