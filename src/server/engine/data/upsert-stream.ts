// An upsert request read as it streams in (POST /restpp/graph/{g}): the nested JSON of the real
// service, {"vertices": {type: {id: {attr: value}}}, "edges": {type: {id: {edge: {type: {id:
// {attr: value}}}}}}}, checked item by item as planUpsert checks it (types, pairs, ids,
// attributes, op codes, values) and written as batch mutations: ids into key lists (as the bytes
// of the body when already canonical), attributes into columns. Vertices go in phase 0, edges in
// phase 1, so all vertices apply before any edge, as planUpsert orders them. Batches are staged
// and the request commits whole: malformed JSON, a bad item, a body past the size limit or a
// dropped connection commits nothing. Memory: one batch, plus the attribute value being read.
import type { EdgeTypeDef, VertexTypeDef } from '../catalog/types.js';
import { pairAllows, pairsText } from '../catalog/pairs.js';
import type { Engine } from '../engine.js';
import { EngineError } from '../errors.js';
import { BatchBuilder, type ObjectGroup } from '../batch.js';
import type { ApplyReport, AttrUpdate, UpsertEdge } from '../mutations.js';
import { GraphScope } from '../scope.js';
import type { TupleLookup } from '../values.js';
import { canonicalId } from './ids.js';
import { JsonStream, type JsonHandler, type JsonScalar } from './json-stream.js';
import {
  attributeUpdate,
  checkUpsertOptions,
  edgeMutation,
  mustExist,
  tupleLookup,
  type UpsertOptions,
} from './upsert.js';

const decoder = new TextDecoder();

/** A shape error of the body (REST-30000), as the body schema's messages read. */
function notObject(where: string): never {
  throw new EngineError('ENGINE-BAD-REQUEST', `${where} must be a JSON object`);
}

const enum Section {
  None = 0,
  Vertices = 1,
  Edges = 2,
}

/** Whether an id's bytes are already its canonical text (see loading/id-slot.ts). */
function canonicalBytes(def: VertexTypeDef, bytes: Uint8Array, start: number, end: number) {
  if (def.compositeKey.length > 1 || def.primaryId.type.kind !== 'primitive') return false;
  const name = def.primaryId.type.name;
  if (name === 'STRING') return true;
  if (name !== 'INT' && name !== 'UINT') return false;
  let i = start;
  if (name === 'INT' && bytes[i] === 0x2d) i++;
  const digits = end - i;
  if (digits < 1 || digits > 15 || (bytes[i] === 0x30 && (digits > 1 || i > start))) return false;
  for (; i < end; i++) {
    const c = bytes[i] as number;
    if (c < 0x30 || c > 0x39) return false;
  }
  return true;
}

/** An id read from a key: its bytes (copied) when canonical as they are, else its text. */
class IdKey {
  bytes = new Uint8Array(64);
  length = 0;
  text: string | undefined;
  /** The id as the body wrote it (error messages). */
  raw = '';

  read(def: VertexTypeDef, text: string | undefined, bytes: Uint8Array, s: number, e: number) {
    if (text === undefined && canonicalBytes(def, bytes, s, e)) {
      const n = e - s;
      if (n > this.bytes.length) this.bytes = new Uint8Array(n * 2);
      const out = this.bytes;
      for (let i = 0; i < n; i++) out[i] = bytes[s + i] as number;
      this.length = n;
      this.text = undefined;
      return;
    }
    const raw = text ?? decoder.decode(bytes.subarray(s, e));
    this.text = canonicalId(def, raw);
    this.raw = raw;
  }

  write(group: ObjectGroup): void {
    if (this.text === undefined) group.keys.writeBytes(this.bytes, 0, this.length);
    else group.keys.write(this.text);
  }

  /** The canonical id as text. */
  id(): string {
    return this.text ?? decoder.decode(this.bytes.subarray(0, this.length));
  }

  shown(): string {
    return this.text === undefined ? this.id() : this.raw;
  }
}

/**
 * Type and attribute names as text: the same few names come again and again (an edge type and
 * target type per source vertex), so the last ones are kept by their bytes.
 */
class NameCache {
  private readonly byBytes = new Map<number, { bytes: Uint8Array; text: string }[]>();

  text(bytes: Uint8Array, start: number, end: number): string {
    const length = end - start;
    if (length > 64) return decoder.decode(bytes.subarray(start, end));
    let h = length;
    for (let i = start; i < end; i++) h = (Math.imul(h, 31) + (bytes[i] as number)) | 0;
    let list = this.byBytes.get(h);
    if (list) {
      for (const entry of list) {
        const known = entry.bytes;
        if (known.length !== length) continue;
        let i = 0;
        while (i < length && known[i] === bytes[start + i]) i++;
        if (i === length) return entry.text;
      }
    } else if (this.byBytes.size < 1024) this.byBytes.set(h, (list = []));
    const text = decoder.decode(bytes.subarray(start, end));
    if (list && list.length < 8) list.push({ bytes: bytes.slice(start, end), text });
    return text;
  }
}

/** Builds a JSON value (an attribute's) from the reader's events. */
class ValueBuilder {
  private readonly stack: (unknown[] | Record<string, unknown>)[] = [];
  private readonly keys: (string | undefined)[] = [];
  result: unknown;

  get active(): boolean {
    return this.stack.length > 0;
  }

  private put(value: unknown): void {
    const top = this.stack[this.stack.length - 1];
    if (!top) this.result = value;
    else if (Array.isArray(top)) top.push(value);
    else top[this.keys[this.keys.length - 1] ?? ''] = value;
  }

  open(container: unknown[] | Record<string, unknown>): void {
    this.put(container);
    this.stack.push(container);
    this.keys.push(undefined);
  }

  close(): boolean {
    this.stack.pop();
    this.keys.pop();
    return this.stack.length === 0;
  }

  key(name: string): void {
    this.keys[this.keys.length - 1] = name;
  }

  value(value: JsonScalar): void {
    this.put(value);
  }
}

/** The upsert body's reader: events in, batch mutations out (see the module comment). */
class UpsertReader implements JsonHandler {
  /** Containers open: 1 the body, 2 a section, ... (see startObject). */
  private depth = 0;
  private section = Section.None;
  /** Inside a value that is skipped (a top-level key other than vertices/edges). */
  private skipping = 0;
  private name = '';
  private vertexDef: VertexTypeDef | undefined;
  private fromDef: VertexTypeDef | undefined;
  private edgeDef: EdgeTypeDef | undefined;
  private toDef: VertexTypeDef | undefined;
  private readonly from = new IdKey();
  private readonly id = new IdKey();
  /** Attributes of the object being read: name -> value as given (the last one wins). */
  private readonly attrs = new Map<string, unknown>();
  private attrName = '';
  private readonly built = new ValueBuilder();
  private readonly names = new NameCache();
  private readonly lookup: TupleLookup;
  private readonly only: 'new' | 'update' | undefined;
  private readonly must: UpsertEdge['must'];

  constructor(
    private readonly scope: GraphScope,
    options: UpsertOptions,
    readonly vertices: BatchBuilder,
    readonly edges: BatchBuilder,
  ) {
    this.lookup = tupleLookup(scope.graph.catalog.tuples);
    this.only = options.newVertexOnly ? 'new' : options.updateVertexOnly ? 'update' : undefined;
    this.must = mustExist(options);
  }

  /** Where the container now opening (or the scalar now read) is, for shape errors. */
  private where(): string {
    const section = this.section === Section.Vertices ? 'vertices' : 'edges';
    switch (this.depth) {
      case 0:
        return 'the body';
      case 1:
        return this.name;
      case 2:
        return `${section}.${this.name}`;
      case 3:
        return this.section === Section.Vertices
          ? `vertex ${this.vertexDef?.name ?? ''} "${this.id.shown()}" attributes`
          : `edges.${this.fromDef?.name ?? ''}.${this.from.shown()}`;
      case 4:
        return `edges.${this.fromDef?.name ?? ''}.${this.from.shown()}.${this.name}`;
      case 5:
        return `edges.${this.fromDef?.name ?? ''}.${this.from.shown()}.${this.edgeDef?.name ?? ''}.${this.name}`;
      default:
        return `${this.edgeOwner()} attributes`;
    }
  }

  private edgeOwner(): string {
    return `edge ${this.edgeDef?.name ?? ''} (${this.fromDef?.name ?? ''} "${this.from.shown()}" -> ${this.toDef?.name ?? ''} "${this.id.shown()}")`;
  }

  /** Whether the reader is at an attribute value (depth of the attributes object). */
  private atAttribute(): boolean {
    return (
      (this.section === Section.Vertices && this.depth === 4) ||
      (this.section === Section.Edges && this.depth === 7)
    );
  }

  startObject(): void {
    if (this.skipping > 0) {
      this.skipping++;
      return;
    }
    if (this.built.active) {
      this.built.open({});
      return;
    }
    if (this.atAttribute()) {
      this.built.open({});
      return;
    }
    if (this.depth === 1) {
      this.section =
        this.name === 'vertices'
          ? Section.Vertices
          : this.name === 'edges'
            ? Section.Edges
            : Section.None;
      if (this.section === Section.None) {
        this.skipping = 1;
        return;
      }
    }
    const opensAttributes =
      (this.section === Section.Vertices && this.depth === 3) ||
      (this.section === Section.Edges && this.depth === 6);
    // (clear() makes a new table even when the map is empty)
    if (opensAttributes && this.attrs.size > 0) this.attrs.clear();
    this.depth++;
  }

  endObject(): void {
    if (this.skipping > 0) {
      this.skipping--;
      return;
    }
    if (this.built.active) {
      if (this.built.close()) this.attribute(this.built.result);
      return;
    }
    this.depth--;
    if (this.section === Section.Vertices && this.depth === 3) this.vertex();
    else if (this.section === Section.Edges && this.depth === 6) this.edge();
    if (this.depth === 1) this.section = Section.None;
  }

  startArray(): void {
    if (this.skipping > 0) {
      this.skipping++;
      return;
    }
    if (this.built.active || this.atAttribute()) {
      this.built.open([]);
      return;
    }
    if (this.depth === 1 && this.name !== 'vertices' && this.name !== 'edges') {
      this.skipping = 1;
      return;
    }
    notObject(this.where());
  }

  endArray(): void {
    if (this.skipping > 0) {
      this.skipping--;
      return;
    }
    if (this.built.close()) this.attribute(this.built.result);
  }

  value(value: JsonScalar): void {
    if (this.skipping > 0) return;
    if (this.built.active) {
      this.built.value(value);
      return;
    }
    if (this.atAttribute()) {
      this.attribute(value);
      return;
    }
    if (this.depth === 1 && this.name !== 'vertices' && this.name !== 'edges') return;
    notObject(this.where());
  }

  key(text: string | undefined, bytes: Uint8Array, start: number, end: number): void {
    if (this.skipping > 0) return;
    if (this.built.active) {
      this.built.key(text ?? decoder.decode(bytes.subarray(start, end)));
      return;
    }
    const vertices = this.section === Section.Vertices;
    const d = this.depth;
    if ((vertices && d === 3) || (!vertices && (d === 3 || d === 6))) {
      // An id: kept as bytes when it can be.
      if (!vertices && d === 3)
        this.from.read(this.fromDef as VertexTypeDef, text, bytes, start, end);
      else
        this.id.read(
          (vertices ? this.vertexDef : this.toDef) as VertexTypeDef,
          text,
          bytes,
          start,
          end,
        );
      return;
    }
    const name = text ?? this.names.text(bytes, start, end);
    if (this.atAttribute()) {
      this.attrName = name;
      return;
    }
    this.name = name;
    if (d === 2) {
      const def = this.scope.vertexTable(name).def;
      if (vertices) this.vertexDef = def;
      else this.fromDef = def;
    } else if (d === 4) {
      this.edgeDef = this.scope.edgeTable(name).def;
    } else if (d === 5) {
      const def = this.scope.vertexTable(name).def;
      const edge = this.edgeDef as EdgeTypeDef;
      const from = this.fromDef as VertexTypeDef;
      if (!pairAllows(edge, from.name, name)) {
        throw new EngineError(
          'ENGINE-EDGE-PAIR',
          `edge type ${edge.name} does not go from ${from.name} to ${name} (its pairs: ${pairsText(edge)})`,
        );
      }
      this.toDef = def;
    }
  }

  private attribute(raw: unknown): void {
    // The last value given for a name wins, as in a parsed object.
    this.attrs.set(this.attrName, raw);
  }

  private updates(owner: () => string, attributes: EdgeTypeDef['attributes']): AttrUpdate[] {
    const out: AttrUpdate[] = [];
    for (const [name, raw] of this.attrs)
      out.push(attributeUpdate(owner, attributes, name, raw, this.lookup));
    return out;
  }

  private readonly vertexOwner = () => `vertex ${this.vertexDef?.name ?? ''} "${this.id.shown()}"`;
  private readonly edgeOwnerText = () => this.edgeOwner();

  private vertex(): void {
    const def = this.vertexDef as VertexTypeDef;
    const u = this.attrs.size === 0 ? [] : this.updates(this.vertexOwner, def.attributes);
    const group = this.vertices.vertices(def.name, this.only);
    this.id.write(group);
    for (const [pos, op, value] of u) group.set(pos, op, value);
    group.end();
    this.vertices.ended();
  }

  private edge(): void {
    const def = this.edgeDef as EdgeTypeDef;
    const from = this.fromDef as VertexTypeDef;
    const to = this.toDef as VertexTypeDef;
    const owner = this.edgeOwnerText;
    const u = this.attrs.size === 0 ? [] : this.updates(owner, def.attributes);
    if (def.discriminator.length > 0) {
      const base = {
        t: def.name,
        ft: from.name,
        f: this.from.id(),
        tt: to.name,
        to: this.id.id(),
        u,
      };
      this.edges.add(edgeMutation(def, owner(), base, this.must));
      return;
    }
    const group = this.edges.edges(def.name, from.name, to.name, this.must);
    this.from.write(group);
    this.id.write(group);
    for (const [pos, op, value] of u) group.set(pos, op, value);
    group.end();
    this.edges.ended();
  }
}

export interface StreamUpsertOptions extends UpsertOptions {
  /** Objects per staged batch; default 20,000. */
  readonly batchSize?: number;
}

/**
 * Reads an upsert body from `source` and applies it whole (see the module comment); answers
 * what applying it did. Malformed JSON throws JsonSyntaxError, a bad item an EngineError.
 */
export async function streamUpsert(
  engine: Engine,
  graph: string,
  source: AsyncIterable<Uint8Array>,
  options: StreamUpsertOptions = {},
): Promise<ApplyReport> {
  checkUpsertOptions(options);
  const scope = new GraphScope(engine.graph, graph);
  const batchSize = Math.max(1, options.batchSize ?? 20_000);
  const vertices = new BatchBuilder(false);
  // Must-exist checks can depend on endpoints an earlier edge created: edges keep exact order.
  const edges = new BatchBuilder(mustExist(options) !== undefined);
  const reader = new UpsertReader(scope, options, vertices, edges);
  const json = new JsonStream(reader);
  const staged = engine.beginStagedWrite();
  const flush = async (builder: BatchBuilder, phase: number) => {
    if (builder.size === 0) return;
    await staged.write((g) => ({ mutations: builder.take(g) }), phase);
  };
  try {
    for await (const chunk of source) {
      json.push(chunk);
      if (vertices.size >= batchSize) await flush(vertices, 0);
      if (edges.size >= batchSize) await flush(edges, 1);
    }
    if (!json.sawValue) throw new EngineError('ENGINE-BAD-REQUEST', 'the body is empty');
    json.end();
    await flush(vertices, 0);
    await flush(edges, 1);
    return await staged.commit();
  } catch (error) {
    await staged.discard().catch(() => undefined);
    throw error;
  }
}
