// The vertices of one type: dense internal ids (slots) in insertion order, the external id of
// each slot, a liveness flag, and one column per attribute. Deleted slots stay as holes so that
// edge slots never need renumbering. External ids are indexed by their UTF-8 bytes (IdIndex), so
// bulk loading finds a vertex from the bytes of its input without making a string.
import type { VertexTypeDef } from '../catalog/types.js';
import { defaultOf } from '../values.js';
import { ensureSize, fillDefaults } from './arrays.js';
import { IdIndex } from './id-index.js';

const decoder = new TextDecoder();

/** The text of UTF-8 bytes [start, end) (short ASCII ids without a decoder call). */
export function bytesText(bytes: Uint8Array, start: number, end: number): string {
  if (end - start <= 32) {
    let text = '';
    for (let i = start; i < end; i++) {
      const c = bytes[i] as number;
      if (c >= 0x80) return decoder.decode(bytes.subarray(start, end));
      text += String.fromCharCode(c);
    }
    return text;
  }
  return decoder.decode(bytes.subarray(start, end));
}

export class VertexTable {
  /** External id (text form) by slot. */
  readonly ids: string[] = [];
  /** Live external ids -> slot (`slotOf.size`: live vertices by the index). */
  readonly slotOf = new IdIndex();
  alive = new Uint8Array(16);
  /** One array per attribute, in the type's declared order. */
  columns: unknown[][];
  liveCount = 0;
  /** Ids deleted with `permanent`: they cannot be inserted again until the store is cleared. */
  readonly banned = new Set<string>();

  constructor(
    public def: VertexTypeDef,
    /** Position of this type among the store's vertex types. */
    readonly typeIndex: number,
  ) {
    this.columns = def.attributes.map(() => []);
  }

  get slotCount(): number {
    return this.ids.length;
  }

  /** The live slot of an external id, or -1. */
  find(id: string): number {
    return this.slotOf.getString(id);
  }

  /** The live slot of the external id in UTF-8 bytes [start, end), or -1. */
  findBytes(bytes: Uint8Array, start: number, end: number): number {
    return this.slotOf.get(bytes, start, end);
  }

  /** The slot of `id`, creating the vertex with default attributes when absent. */
  findOrCreate(id: string): { slot: number; created: boolean } {
    const existing = this.slotOf.getString(id);
    if (existing >= 0) return { slot: existing, created: false };
    const slot = this.ids.length;
    this.slotOf.addString(id, slot);
    this.created(id, slot);
    return { slot, created: true };
  }

  /** A new vertex for the id in UTF-8 bytes [start, end) (callers checked it is absent). */
  createBytes(bytes: Uint8Array, start: number, end: number): number {
    const slot = this.ids.length;
    this.slotOf.add(bytes, start, end, slot);
    this.created(bytesText(bytes, start, end), slot);
    return slot;
  }

  private created(id: string, slot: number): void {
    this.ids.push(id);
    if (slot >= this.alive.length) this.alive = ensureSize(this.alive, slot + 1);
    this.alive[slot] = 1;
    this.liveCount += 1;
    fillDefaults(this.def.attributes, this.columns, slot);
  }

  delete(slot: number, permanent: boolean): void {
    if (this.alive[slot] !== 1) return;
    this.alive[slot] = 0;
    this.liveCount -= 1;
    this.slotOf.delete(slot);
    if (permanent) this.banned.add(this.ids[slot] ?? '');
    for (const column of this.columns) column[slot] = undefined;
  }

  /** Live slots in slot order. */
  *liveSlots(): Generator<number> {
    const n = this.ids.length;
    for (let slot = 0; slot < n; slot++) if (this.alive[slot] === 1) yield slot;
  }

  /** Follows a schema change: columns are kept by attribute name, new ones get defaults. */
  reshape(def: VertexTypeDef): void {
    const byName = new Map(this.def.attributes.map((a, i) => [a.name, this.columns[i] ?? []]));
    this.columns = def.attributes.map((attr) => {
      const kept = byName.get(attr.name);
      if (kept) return kept;
      const column: unknown[] = [];
      const value = attr.defaultValue ?? defaultOf(attr.type);
      for (const slot of this.liveSlots()) column[slot] = value;
      return column;
    });
    this.def = def;
  }

  clear(): void {
    this.ids.length = 0;
    this.slotOf.clear();
    this.alive = new Uint8Array(16);
    this.columns = this.def.attributes.map(() => []);
    this.liveCount = 0;
    this.banned.clear();
  }
}
