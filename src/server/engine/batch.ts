// Collects the objects of a loading run or an upsert request as batch mutations: per vertex
// type, per edge type and endpoint types (and per flag), the ids in one key list and the
// attribute values in columns, in the order they come; other items (deletes, single mutations)
// keep their place in the sequence. `strict` keeps the exact order of objects across groups (a
// group closes when another one is written to): needed when one object's outcome depends on
// another's (new-only or must-exist flags, deletes, reducers on vertices an edge may create).
import { KeyWriter } from './keys.js';
import type { Graph } from './graph/graph.js';
import type { ColumnUpdate, Mutation, OpCode, UpsertEdges, UpsertVertices } from './mutations.js';

/** What a batch holds besides groups: mutations, and planners run inside the write. */
export type Pending = Mutation | ((graph: Graph) => Mutation[]);

/** The objects of one vertex type, or one edge type between two vertex types. */
export class ObjectGroup {
  readonly keys = new KeyWriter();
  readonly columns: [number, OpCode, unknown[]][] = [];
  /** Objects ended so far. */
  n = 0;
  /** False once the builder closed it (a closed group takes no more objects). */
  live = true;

  constructor(
    private readonly make: (n: number, keys: Uint8Array, u: ColumnUpdate[]) => Mutation,
  ) {}

  /** Sets attribute `pos` (with op code `op`) of the object being written. */
  set(pos: number, op: OpCode, value: unknown): void {
    let column: unknown[] | undefined;
    for (const c of this.columns) {
      if (c[0] === pos && c[1] === op) {
        column = c[2];
        break;
      }
    }
    if (!column) {
      column = [];
      this.columns.push([pos, op, column]);
    }
    while (column.length < this.n) column.push(undefined);
    column.push(value);
  }

  /** Ends the object being written (its key(s) and values are in). */
  end(): void {
    this.n += 1;
  }

  mutation(): Mutation {
    for (const [, , values] of this.columns) while (values.length < this.n) values.push(undefined);
    return this.make(this.n, this.keys.take(), this.columns);
  }
}

export class BatchBuilder {
  private items: (ObjectGroup | Pending)[] = [];
  private readonly open = new Map<string, ObjectGroup>();
  private last: ObjectGroup | undefined;
  /** Objects and items collected since the last take(). */
  size = 0;

  constructor(readonly strict: boolean) {}

  private group(key: string, make: () => ObjectGroup): ObjectGroup {
    let group = this.open.get(key);
    if (group && this.strict && group !== this.last) {
      this.close();
      group = undefined;
    }
    if (!group) {
      if (this.strict) this.close();
      group = make();
      this.open.set(key, group);
      this.items.push(group);
    }
    this.last = group;
    return group;
  }

  private close(): void {
    for (const group of this.open.values()) group.live = false;
    this.open.clear();
    this.last = undefined;
    this.recent = undefined;
  }

  /** The last group asked for and what it was asked for by (most lines ask for the same). */
  private recent: { group: ObjectGroup; a: string; b: string; c: string; d: string } | undefined;

  private cached(a: string, b: string, c: string, d: string): ObjectGroup | undefined {
    const r = this.recent;
    return r && r.group === this.last && r.a === a && r.b === b && r.c === c && r.d === d
      ? r.group
      : undefined;
  }

  /** The group of new vertices of `type` (with the new-only / update-only flag). */
  vertices(type: string, only?: UpsertVertices['only']): ObjectGroup {
    const hit = this.cached('\u0000v', type, only ?? '', '');
    if (hit) return hit;
    const group = this.vertexGroup(type, only);
    this.recent = { group, a: '\u0000v', b: type, c: only ?? '', d: '' };
    return group;
  }

  private vertexGroup(type: string, only?: UpsertVertices['only']): ObjectGroup {
    return this.group(`v\u0000${type}\u0000${only ?? ''}`, () => {
      return new ObjectGroup((n, keys, u) =>
        only ? { k: 'V', t: type, n, keys, u, only } : { k: 'V', t: type, n, keys, u },
      );
    });
  }

  /** The group of edges of `type` from `ft` to `tt` (with the must-exist flag). */
  edges(type: string, ft: string, tt: string, must?: UpsertEdges['must']): ObjectGroup {
    const hit = this.cached(type, ft, tt, must ?? '');
    if (hit) return hit;
    const group = this.edgeGroup(type, ft, tt, must);
    this.recent = { group, a: type, b: ft, c: tt, d: must ?? '' };
    return group;
  }

  private edgeGroup(type: string, ft: string, tt: string, must?: UpsertEdges['must']): ObjectGroup {
    return this.group(`e\u0000${type}\u0000${ft}\u0000${tt}\u0000${must ?? ''}`, () => {
      return new ObjectGroup((n, keys, u) =>
        must
          ? { k: 'E', t: type, ft, tt, n, keys, u, must }
          : { k: 'E', t: type, ft, tt, n, keys, u },
      );
    });
  }

  /** Counts an object ended in a group. */
  ended(): void {
    this.size += 1;
  }

  /** Adds a mutation or a planner; in strict order the open groups come before it. */
  add(item: Pending): void {
    if (this.strict) this.close();
    this.items.push(item);
    this.size += 1;
  }

  /** The collected items as mutations (planners run against `graph`), and starts over. */
  take(graph: Graph): Mutation[] {
    const out: Mutation[] = [];
    for (const item of this.items) {
      if (item instanceof ObjectGroup) {
        if (item.n > 0) out.push(item.mutation());
      } else if (typeof item === 'function') {
        for (const m of item(graph)) out.push(m);
      } else out.push(item);
    }
    this.close();
    this.items = [];
    this.size = 0;
    return out;
  }
}
