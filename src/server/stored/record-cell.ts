// One named record of the log of record (Engine.records, an lmdb record beside the graph) held
// as a typed value: read once, changed one change at a time (a change computes the next value
// from the current one and may throw to refuse; nothing is written then), written and flushed
// before it becomes current. Data sources, optimizer statistics and accumulator typedefs live
// in such cells.
import type { Engine } from '../engine/engine.js';

export class RecordCell<T> {
  private value: T;
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly engine: Engine,
    private readonly key: string,
    read: (stored: unknown) => T,
  ) {
    this.value = read(engine.records.get(key));
  }

  get current(): T {
    return this.value;
  }

  /** Runs `change` after the changes before it; resolves with its result once durable. */
  update<R>(change: (current: T) => { next: T; result: R }): Promise<R> {
    const run = async () => {
      const { next, result } = change(this.value);
      await this.engine.records.put(this.key, next);
      this.value = next;
      return result;
    };
    const done = this.queue.then(run, run);
    this.queue = done.catch(() => undefined);
    return done;
  }
}

const cells = new WeakMap<Engine, Map<string, RecordCell<unknown>>>();

/** The engine's cell for `key`, made on first use with `read` turning the stored value into T. */
export function recordCell<T>(
  engine: Engine,
  key: string,
  read: (stored: unknown) => T,
): RecordCell<T> {
  let byKey = cells.get(engine);
  if (!byKey) cells.set(engine, (byKey = new Map<string, RecordCell<unknown>>()));
  let cell = byKey.get(key) as RecordCell<T> | undefined;
  if (!cell) {
    cell = new RecordCell(engine, key, read);
    byKey.set(key, cell);
  }
  return cell;
}
