// The in-memory graph: one VertexTable per vertex type and one EdgeTable per edge type, laid out
// for traversal. It applies logged mutations (after they are durable) and follows schema changes.
// Batch mutations (bulk loading) are applied column by column from their key lists; their edges
// reach the adjacency at the end of the batch, or of a bulk() scope, in one merge.
import {
  emptyCatalog,
  type AttributeDef,
  type CatalogData,
  type EdgeTypeDef,
  type VertexTypeDef,
} from '../catalog/types.js';
import { pairAllows } from '../catalog/pairs.js';
import {
  emptyReport,
  skipEdges,
  skipVertices,
  type ApplyReport,
  type AttrUpdate,
  type ColumnUpdate,
  type DeleteEdge,
  type DeleteVertex,
  type Mutation,
  type UpsertEdge,
  type UpsertEdges,
  type UpsertVertex,
  type UpsertVertices,
} from '../mutations.js';
import { KeyReader } from '../keys.js';
import { uniqueValues } from '../values.js';
import { combine } from './combine.js';
import { runSteps } from './steps.js';
import { EdgeTable, maxSlotsPerType } from './edge-table.js';
import { bytesText, VertexTable } from './vertex-table.js';

/** A batch of edges applied in steps yields once per this many (plus one) edges. */
const edgeStepMask = 0xfff;

export class Graph {
  catalog: CatalogData;
  /** By store-wide type index; a dropped type leaves a hole so indexes stay stable. */
  readonly vertexByIndex: (VertexTable | undefined)[] = [];
  readonly vertices = new Map<string, VertexTable>();
  readonly edges = new Map<string, EdgeTable>();

  constructor(catalog: CatalogData) {
    this.catalog = catalog;
    this.setCatalog(catalog);
  }

  vertexTable(name: string): VertexTable | undefined {
    return this.vertices.get(name);
  }

  edgeTable(name: string): EdgeTable | undefined {
    return this.edges.get(name);
  }

  /** Inside bulk(): batch edges wait for the adjacency until the scope ends. */
  private bulkDepth = 0;

  /**
   * apply() in steps (see steps.ts) for a caller that yields between them inside a bulk scope:
   * a batch of edges is the long one.
   */
  *applySteps(mutation: Mutation, report: ApplyReport): Generator<void> {
    if (mutation.k !== 'E' || this.bulkDepth === 0) this.apply(mutation, report);
    else yield* this.upsertEdgesSteps(mutation, report);
  }

  /** Applies one mutation; `report` accumulates what it did. */
  apply(mutation: Mutation, report: ApplyReport = emptyReport()): ApplyReport {
    switch (mutation.k) {
      case 'v':
        this.upsertVertex(mutation, report);
        break;
      case 'e':
        this.upsertEdge(mutation, report);
        break;
      case 'V':
        this.upsertVertices(mutation, report);
        break;
      case 'E':
        this.upsertEdges(mutation, report);
        if (this.bulkDepth === 0) this.syncAdjacency();
        break;
      case 'dv':
        // Deleting a vertex walks the adjacency for its edges.
        this.syncAdjacency();
        this.deleteVertex(mutation, report);
        break;
      case 'de':
        this.syncAdjacency();
        this.deleteEdge(mutation, report);
        break;
      case 'clear':
        this.clear();
        break;
      case 'schema':
        this.syncAdjacency();
        this.setCatalog(mutation.catalog);
        break;
    }
    return report;
  }

  /**
   * Runs `fn` (which applies many mutations) with the adjacency of batch edges built once at the
   * end, in one merge per adjacency, instead of after each batch.
   */
  bulk<T>(fn: () => T): T {
    this.beginBulk();
    try {
      return fn();
    } finally {
      this.endBulk();
    }
  }

  /**
   * bulk() split in two, for an apply that yields between its parts (Engine.commitStaged): no
   * reader may look at the graph until endBulk(), which puts the edges into the adjacency.
   */
  beginBulk(): void {
    this.bulkDepth += 1;
  }

  endBulk(): void {
    runSteps(this.endBulkSteps());
  }

  /** endBulk() in steps (see Adjacency.appendSteps): no reader until the last one. */
  *endBulkSteps(): Generator<void> {
    this.bulkDepth -= 1;
    if (this.bulkDepth === 0) yield* this.syncAdjacencySteps();
  }

  /** Puts edges inserted by batches into the adjacency (see EdgeTable.syncAdjacency). */
  syncAdjacency(): void {
    runSteps(this.syncAdjacencySteps());
  }

  /** syncAdjacency() in steps (see Adjacency.appendSteps). */
  *syncAdjacencySteps(): Generator<void> {
    let counts: number[] | undefined;
    for (const table of this.edges.values()) {
      if (!table.deferred) continue;
      counts ??= this.vertexByIndex.map((t) => t?.slotCount ?? 0);
      yield* table.syncAdjacencySteps(counts);
    }
  }

  /** Column updates of a batch, resolved against a table once. */
  private columnsOf(
    table: { readonly def: { readonly attributes: readonly AttributeDef[] }; columns: unknown[][] },
    updates: readonly ColumnUpdate[],
  ) {
    return updates
      .filter(([pos]) => table.columns[pos] !== undefined)
      .map(([pos, op, values]) => ({
        column: table.columns[pos] as unknown[],
        op,
        values,
        isSet: table.def.attributes[pos]?.type.kind === 'set',
      }));
  }

  private updateColumns(
    columns: ReturnType<Graph['columnsOf']>,
    row: number,
    slot: number,
    created: boolean,
  ): void {
    for (const { column, op, values, isSet } of columns) {
      const value = values[row];
      if (value === undefined) continue;
      const next = op === '=' ? value : combine(op, column[slot], value, created);
      column[slot] = isSet && Array.isArray(next) ? uniqueValues(next) : next;
    }
  }

  private upsertVertices(m: UpsertVertices, report: ApplyReport): void {
    const table = this.vertices.get(m.t);
    if (!table) {
      skipVertices(report, m.t, m.n);
      return;
    }
    const columns = this.columnsOf(table, m.u);
    const keys = new KeyReader(m.keys);
    const bytes = m.keys;
    const banned = table.banned.size > 0;
    for (let row = 0; row < m.n; row++) {
      keys.next();
      const { start, end } = keys;
      let slot = table.findBytes(bytes, start, end);
      const exists = slot >= 0;
      if (
        (m.only === 'new' && exists) ||
        (banned && table.banned.has(bytesText(bytes, start, end)))
      ) {
        skipVertices(report, m.t);
        if (exists)
          report.existingVertices.push({ v_type: m.t, v_id: bytesText(bytes, start, end) });
        continue;
      }
      if (m.only === 'update' && !exists) {
        skipVertices(report, m.t);
        continue;
      }
      if (!exists) {
        if (table.slotCount >= maxSlotsPerType) throw new Error(`vertex type ${m.t} is full`);
        slot = table.createBytes(bytes, start, end);
      }
      this.updateColumns(columns, row, slot, !exists);
      report.acceptedVertices += 1;
    }
  }

  private upsertEdges(m: UpsertEdges, report: ApplyReport): void {
    runSteps(this.upsertEdgesSteps(m, report));
  }

  /** upsertEdges() in steps (see steps.ts): a step per few thousand edges. */
  private *upsertEdgesSteps(m: UpsertEdges, report: ApplyReport): Generator<void> {
    const table = this.edges.get(m.t);
    const fromTable = this.vertices.get(m.ft);
    const toTable = this.vertices.get(m.tt);
    if (!table || !fromTable || !toTable) {
      skipEdges(report, m.t, table && fromTable ? 'target' : 'source', m.n);
      return;
    }
    const needFrom =
      m.must === 'both' || m.must === 'source' || (!table.def.directed && m.must === 'target');
    const needTo =
      m.must === 'both' || m.must === 'target' || (!table.def.directed && m.must === 'source');
    const banned = fromTable.banned.size > 0 || toTable.banned.size > 0;
    const columns = this.columnsOf(table, m.u);
    const ft = fromTable.typeIndex;
    const tt = toTable.typeIndex;
    const bytes = m.keys;
    const keys = new KeyReader(bytes);
    // In a bulk scope, an edge type with no live edges takes the rows as they come and settles
    // them at the end (bulk-edges.ts); else each is upserted through the endpoint index.
    const rows =
      this.bulkDepth > 0 && table.takesBulkRows
        ? table.bulkRows<ReturnType<Graph['columnsOf']>>((cols, row, slot, created) =>
            this.updateColumns(cols, row, slot, created),
          )
        : undefined;
    const batch = rows && columns.length > 0 ? rows.addBatch(columns) : -1;
    if (!rows) yield* table.reserveSteps(m.n);
    const missing = (type: string, start: number, end: number) =>
      report.missingVertices.push({ v_type: type, v_id: bytesText(bytes, start, end) });
    for (let row = 0; row < m.n; row++) {
      if ((row & edgeStepMask) === edgeStepMask) yield;
      keys.next();
      const fs = keys.start;
      const fe = keys.end;
      keys.next();
      const ts = keys.start;
      const te = keys.end;
      let f = fromTable.findBytes(bytes, fs, fe);
      let t = toTable.findBytes(bytes, ts, te);
      // An end that must exist and does not, or an id deleted permanently, refuses the edge;
      // both ends are checked before either is created, so a refused edge leaves no vertex.
      if (f < 0 || t < 0) {
        const noFrom =
          f < 0 && (needFrom || (banned && fromTable.banned.has(bytesText(bytes, fs, fe))));
        const noTo = t < 0 && (needTo || (banned && toTable.banned.has(bytesText(bytes, ts, te))));
        if (noFrom || noTo) {
          if (noFrom) missing(m.ft, fs, fe);
          if (noTo) missing(m.tt, ts, te);
          skipEdges(report, m.t, noFrom ? 'source' : 'target');
          continue;
        }
      }
      // As the one-edge form: the source end is created before the target's.
      if (f < 0) {
        if (fromTable.slotCount >= maxSlotsPerType) throw new Error(`vertex type ${m.ft} is full`);
        f = fromTable.createBytes(bytes, fs, fe);
        report.createdEndpoints += 1;
        // A self-loop on a new vertex: the target is the vertex just made.
        if (t < 0 && fromTable === toTable) t = toTable.findBytes(bytes, ts, te);
      }
      if (t < 0) {
        if (toTable.slotCount >= maxSlotsPerType) throw new Error(`vertex type ${m.tt} is full`);
        t = toTable.createBytes(bytes, ts, te);
        report.createdEndpoints += 1;
      }
      report.acceptedEdges += 1;
      if (rows) {
        table.pendRow(ft, f, tt, t, batch, row);
        continue;
      }
      const before = table.slotCount;
      const slot = table.upsertDeferred(ft, f, tt, t);
      if (columns.length > 0) this.updateColumns(columns, row, slot, slot >= before);
    }
  }

  private update(
    table: { readonly def: { readonly attributes: readonly AttributeDef[] }; columns: unknown[][] },
    slot: number,
    updates: readonly AttrUpdate[],
    created: boolean,
  ) {
    for (const [pos, op, value] of updates) {
      const column = table.columns[pos];
      if (!column) continue;
      const next = combine(op, column[slot], value, created);
      // Adding to a SET attribute must not bring duplicates in.
      const isSet = table.def.attributes[pos]?.type.kind === 'set';
      column[slot] = isSet && Array.isArray(next) ? uniqueValues(next) : next;
    }
  }

  private upsertVertex(m: UpsertVertex, report: ApplyReport): void {
    const table = this.vertices.get(m.t);
    if (!table) {
      skipVertices(report, m.t);
      return;
    }
    const exists = table.find(m.id) >= 0;
    if ((m.only === 'new' && exists) || table.banned.has(m.id)) {
      skipVertices(report, m.t);
      if (exists) report.existingVertices.push({ v_type: m.t, v_id: m.id });
      return;
    }
    if (m.only === 'update' && !exists) {
      skipVertices(report, m.t);
      return;
    }
    if (!exists && table.slotCount >= maxSlotsPerType)
      throw new Error(`vertex type ${m.t} is full`);
    const { slot, created } = table.findOrCreate(m.id);
    this.update(table, slot, m.u, created);
    report.acceptedVertices += 1;
  }

  /** The slot of an edge end, creating the vertex when it is missing. */
  private endpoint(table: VertexTable, id: string, report: ApplyReport): number {
    const slot = table.find(id);
    if (slot >= 0) return slot;
    if (table.slotCount >= maxSlotsPerType)
      throw new Error(`vertex type ${table.def.name} is full`);
    report.createdEndpoints += 1;
    return table.findOrCreate(id).slot;
  }

  private upsertEdge(m: UpsertEdge, report: ApplyReport): void {
    const table = this.edges.get(m.t);
    const ft = this.vertices.get(m.ft);
    const tt = this.vertices.get(m.tt);
    if (!table || !ft || !tt) {
      skipEdges(report, m.t, table && ft ? 'target' : 'source');
      return;
    }
    // Check both ends before creating either, so a refused edge leaves no vertex behind: an end
    // that must exist and does not, or an id deleted permanently.
    const needFrom =
      m.must === 'both' || m.must === 'source' || (!table.def.directed && m.must === 'target');
    const needTo =
      m.must === 'both' || m.must === 'target' || (!table.def.directed && m.must === 'source');
    const noFrom = ft.find(m.f) < 0 && (needFrom || ft.banned.has(m.f));
    const noTo = tt.find(m.to) < 0 && (needTo || tt.banned.has(m.to));
    if (noFrom || noTo) {
      if (noFrom) report.missingVertices.push({ v_type: m.ft, v_id: m.f });
      if (noTo) report.missingVertices.push({ v_type: m.tt, v_id: m.to });
      skipEdges(report, m.t, noFrom ? 'source' : 'target');
      return;
    }
    const f = this.endpoint(ft, m.f, report);
    const t = this.endpoint(tt, m.to, report);
    let slot = table.find(ft.typeIndex, f, tt.typeIndex, t, m.disc);
    const created = slot < 0;
    if (created) {
      slot = table.insert(ft.typeIndex, f, tt.typeIndex, t, m.disc);
      const discIndexes = table.def.discriminator.map((n) =>
        table.def.attributes.findIndex((a) => a.name === n),
      );
      discIndexes.forEach((col, i) => {
        const column = table.columns[col];
        if (column) column[slot] = m.disc[i];
      });
    }
    this.update(table, slot, m.u, created);
    report.acceptedEdges += 1;
  }

  private deleteVertex(m: DeleteVertex, report: ApplyReport): void {
    const table = this.vertices.get(m.t);
    if (!table) return;
    const slot = table.find(m.id);
    if (slot < 0) {
      if (m.permanent) table.banned.add(m.id);
      return;
    }
    for (const edges of this.edges.values()) {
      for (const e of edges.incident(table.typeIndex, slot)) {
        edges.delete(e);
        report.deletedEdges.set(edges.def.name, (report.deletedEdges.get(edges.def.name) ?? 0) + 1);
      }
    }
    table.delete(slot, m.permanent === true);
    report.deletedVertices.set(m.t, (report.deletedVertices.get(m.t) ?? 0) + 1);
  }

  private deleteEdge(m: DeleteEdge, report: ApplyReport): void {
    const table = this.edges.get(m.t);
    const from = this.vertices.get(m.ft);
    const to = this.vertices.get(m.tt);
    if (!table || !from || !to) return;
    const f = from.find(m.f);
    const t = to.find(m.to);
    if (f < 0 || t < 0) return;
    const slots = m.disc
      ? [table.find(from.typeIndex, f, to.typeIndex, t, m.disc)].filter((s) => s >= 0)
      : table.between(from.typeIndex, f, to.typeIndex, t);
    for (const slot of slots) table.delete(slot);
    if (slots.length > 0)
      report.deletedEdges.set(m.t, (report.deletedEdges.get(m.t) ?? 0) + slots.length);
  }

  /** Drops all data; the schema stays. */
  clear(): void {
    for (const table of this.vertices.values()) table.clear();
    for (const [name, table] of this.edges) this.edges.set(name, new EdgeTable(table.def));
  }

  /** Follows a new catalog: keeps data of surviving types (by name), reshapes attributes. */
  setCatalog(given: CatalogData): void {
    // Catalogs written by older versions lack the newer lists: fill them in.
    const catalog: CatalogData = { ...emptyCatalog, ...given };
    this.catalog = catalog;
    const vertexDefs = new Map<string, VertexTypeDef>(catalog.vertexTypes.map((v) => [v.name, v]));
    for (const [name, table] of this.vertices) {
      const def = vertexDefs.get(name);
      if (!def) {
        this.vertices.delete(name);
        this.vertexByIndex[table.typeIndex] = undefined;
      } else if (def !== table.def) table.reshape(def);
    }
    for (const def of catalog.vertexTypes) {
      if (this.vertices.has(def.name)) continue;
      const table = new VertexTable(def, this.vertexByIndex.length);
      this.vertexByIndex.push(table);
      this.vertices.set(def.name, table);
    }
    const edgeDefs = new Map<string, EdgeTypeDef>(catalog.edgeTypes.map((e) => [e.name, e]));
    for (const [name, table] of this.edges) {
      const def = edgeDefs.get(name);
      if (!def) this.edges.delete(name);
      else if (def !== table.def) {
        const pairsChanged = def.pairs !== table.def.pairs;
        table.reshape(def);
        if (pairsChanged) this.dropEdgesOutsidePairs(table);
      }
    }
    for (const def of catalog.edgeTypes)
      if (!this.edges.has(def.name)) this.edges.set(def.name, new EdgeTable(def));
  }

  /** ALTER EDGE ... DROP PAIR: the edges between types no pair joins any more are deleted. */
  private dropEdgesOutsidePairs(table: EdgeTable): void {
    const name = (typeIndex: number) => this.vertexByIndex[typeIndex]?.def.name ?? '';
    for (let slot = 0; slot < table.slotCount; slot++) {
      if (table.alive[slot] !== 1) continue;
      const from = name(table.srcType[slot] ?? 0);
      const to = name(table.dstType[slot] ?? 0);
      if (!pairAllows(table.def, from, to)) table.delete(slot);
    }
  }

  /** Folds the deltas of every edge type into compact adjacency. */
  fold(): void {
    runSteps(this.foldSteps());
  }

  /**
   * fold() in steps (see Adjacency.appendSteps): the graph may not be read or changed until the
   * last one.
   */
  *foldSteps(): Generator<void> {
    yield* this.syncAdjacencySteps();
    const counts = this.vertexByIndex.map((t) => t?.slotCount ?? 0);
    for (const table of this.edges.values()) yield* table.foldSteps(counts);
  }

  /**
   * Before a query: merges adjacency deltas of at least `minDelta` edges (and an eighth of
   * their CSR) so the traversal reads compact arrays; cheap to call when there is nothing to do.
   * Not a rebuild: pendingEdges and the rebuild summary are unchanged.
   */
  compactLargeDeltas(minDelta = 4096): void {
    let counts: number[] | undefined;
    for (const table of this.edges.values()) {
      if (!table.hasLargeDelta(minDelta)) continue;
      counts ??= this.vertexByIndex.map((t) => t?.slotCount ?? 0);
      table.compactLarge(counts, minDelta);
    }
  }

  /** Edges added since the last fold. */
  get pendingEdges(): number {
    let n = 0;
    for (const table of this.edges.values()) n += table.deltaCount;
    return n;
  }
}
