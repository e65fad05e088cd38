// The vertices of one type: dense internal ids (slots) in insertion order, the external id of
// each slot, a liveness flag, and one column per attribute. Deleted slots stay as holes so that
// edge slots never need renumbering.
import type { VertexTypeDef } from '../catalog/types.js';
import { defaultOf } from '../values.js';
import { ensureSize, fillDefaults } from './arrays.js';

export class VertexTable {
  /** External id (text form) by slot. */
  readonly ids: string[] = [];
  readonly slotOf = new Map<string, number>();
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
    const slot = this.slotOf.get(id);
    return slot === undefined ? -1 : slot;
  }

  /** The slot of `id`, creating the vertex with default attributes when absent. */
  findOrCreate(id: string): { slot: number; created: boolean } {
    const existing = this.slotOf.get(id);
    if (existing !== undefined) return { slot: existing, created: false };
    const slot = this.ids.length;
    this.ids.push(id);
    this.slotOf.set(id, slot);
    this.alive = ensureSize(this.alive, slot + 1);
    this.alive[slot] = 1;
    this.liveCount += 1;
    fillDefaults(this.def.attributes, this.columns, slot);
    return { slot, created: true };
  }

  delete(slot: number, permanent: boolean): void {
    if (this.alive[slot] !== 1) return;
    this.alive[slot] = 0;
    this.liveCount -= 1;
    const id = this.ids[slot] ?? '';
    this.slotOf.delete(id);
    if (permanent) this.banned.add(id);
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
