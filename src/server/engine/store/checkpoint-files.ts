// The folder of checkpoint files, one per log sequence number it holds (graph-<seq>.ckpt). A
// checkpoint is written beside under a temporary name, synced, renamed into place and the folder
// synced, so a crash (kill -9 included) at any point leaves the earlier files whole: a leftover
// temporary file is removed on open. A file found damaged is renamed aside (.damaged) and kept
// until the next checkpoint is written.
import {
  closeSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readdirSync,
  renameSync,
  rmSync,
} from 'node:fs';
import { join } from 'node:path';
import { CheckpointWriter } from './checkpoint-file.js';

const pattern = /^graph-(\d{12})\.ckpt$/;

export interface CheckpointFile {
  readonly seq: number;
  readonly path: string;
}

function syncFolder(dir: string): void {
  const fd = openSync(dir, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

export class CheckpointFiles {
  constructor(readonly dir: string) {
    mkdirSync(dir, { recursive: true });
    // A checkpoint being written when the process died: never renamed, so never used.
    for (const name of readdirSync(dir))
      if (name.endsWith('.tmp')) rmSync(join(dir, name), { force: true });
  }

  private nameOf(seq: number): string {
    return `graph-${String(seq).padStart(12, '0')}.ckpt`;
  }

  pathOf(seq: number): string {
    return join(this.dir, this.nameOf(seq));
  }

  /** The checkpoint files, newest (highest sequence number) first. */
  list(): CheckpointFile[] {
    const files: CheckpointFile[] = [];
    for (const name of readdirSync(this.dir)) {
      const match = pattern.exec(name);
      if (match) files.push({ seq: Number(match[1]), path: join(this.dir, name) });
    }
    return files.sort((a, b) => b.seq - a.seq);
  }

  /**
   * Writes the checkpoint of sequence number `seq`: `fill` writes the sections and finishes the
   * file; only then is it renamed into place. Nothing is left behind if `fill` fails.
   */
  async write<T>(seq: number, fill: (writer: CheckpointWriter) => Promise<T>): Promise<T> {
    const path = this.pathOf(seq);
    const temporary = `${path}.tmp`;
    const writer = await CheckpointWriter.create(temporary);
    let result: T;
    try {
      result = await fill(writer);
    } catch (error) {
      await writer.abandon();
      rmSync(temporary, { force: true });
      throw error;
    }
    renameSync(temporary, path);
    syncFolder(this.dir);
    return result;
  }

  /** Moves a damaged file aside (kept to look at; no longer a candidate). */
  setAside(file: CheckpointFile): void {
    renameSync(file.path, `${file.path}.damaged`);
  }

  /** Removes every checkpoint file (damaged ones included) but those of `keep`. */
  retain(keep: readonly number[]): void {
    const kept = new Set(keep.map((seq) => this.nameOf(seq)));
    for (const name of readdirSync(this.dir)) {
      if (name.endsWith('.tmp') || kept.has(name)) continue;
      if (pattern.test(name) || name.endsWith('.ckpt.damaged')) rmSync(join(this.dir, name));
    }
    syncFolder(this.dir);
  }
}
