// The interactive sink: output blocks collected for ink's <Static> list (written once, above the
// editor), with long results sent to the pager when the terminal is too short for them.
import type { Paint } from './render/ansi.js';
import type { Sink } from './output.js';
import { noPager, type Pager } from './pager.js';

export interface Block {
  readonly id: number;
  readonly text: string;
}

export class BlockFeed implements Sink {
  private blocks: Block[] = [];
  private listeners = new Set<(blocks: readonly Block[]) => void>();
  private next = 0;

  constructor(
    private readonly paint: Paint,
    readonly pager: Pager = noPager(),
  ) {}

  get all(): readonly Block[] {
    return this.blocks;
  }

  subscribe(listener: (blocks: readonly Block[]) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  push(text: string): void {
    this.blocks = [...this.blocks, { id: this.next++, text }];
    for (const l of this.listeners) l(this.blocks);
  }

  result(text: string): void {
    if (this.pager.page(text)) {
      const lines = text.split('\n').length;
      this.push(
        this.paint('dim', `(${lines} lines shown in ${this.pager.command ?? 'the pager'})`),
      );
    } else {
      this.push(text);
    }
  }

  note(text: string): void {
    this.push(text);
  }

  error(text: string): void {
    this.push(text);
  }
}
