// How a checkpoint writes a column of values (vertex ids, attribute columns) as sections and
// reads it back: by what the live values are, not by the declared type. 32-bit integers, other
// numbers, booleans and strings get typed sections (strings: one text of them all plus their
// UTF-16 offsets, so reading is one decode and a substring per value); anything else (bigint,
// lists, sets, maps, tuples, a column of mixed kinds) is v8-serialized in blocks. Dead slots
// read back as undefined (ids keep their value: a deleted vertex keeps its id in its slot).
import { deserialize, serialize } from 'node:v8';
import type { CheckpointReader, CheckpointWriter } from './checkpoint-file.js';

export type ColumnCodec =
  | { readonly kind: 'i32' | 'f64' | 'bool'; readonly section: number }
  | { readonly kind: 'str'; readonly blocks: readonly StringBlock[] }
  | { readonly kind: 'v8'; readonly blocks: readonly { count: number; section: number }[] };

interface StringBlock {
  readonly count: number;
  readonly encoding: 'latin1' | 'utf16le';
  /** UTF-16 offsets of each value in the block's text (count + 1 of them). */
  readonly offsets: number;
  readonly text: number;
}

/** Characters per string block: well below the engine's longest string. */
const blockChars = 1 << 25;
/** Values per v8-serialized block. */
const blockValues = 1 << 18;

/** Which slots hold values; every slot when absent. */
type Live = Uint8Array | undefined;

const isLive = (live: Live, slot: number) => live === undefined || live[slot] === 1;

function kindOf(values: readonly unknown[], n: number, live: Live): ColumnCodec['kind'] {
  let int32 = true;
  let number = true;
  let bool = true;
  let string = true;
  for (let slot = 0; slot < n; slot++) {
    if (!isLive(live, slot)) continue;
    const v = values[slot];
    if (typeof v === 'number') {
      if (int32 && ((v | 0) !== v || Object.is(v, -0))) int32 = false;
      bool = string = false;
    } else {
      int32 = number = false;
      if (typeof v !== 'boolean') bool = false;
      if (typeof v !== 'string') string = false;
    }
    if (!number && !bool && !string) return 'v8';
  }
  if (int32 && number) return 'i32';
  if (number) return 'f64';
  if (bool) return 'bool';
  return string ? 'str' : 'v8';
}

async function writeStrings(
  writer: CheckpointWriter,
  values: readonly unknown[],
  n: number,
  live: Live,
): Promise<StringBlock[]> {
  const blocks: StringBlock[] = [];
  for (let from = 0; from < n;) {
    const parts: string[] = [];
    let chars = 0;
    let to = from;
    for (; to < n && (chars < blockChars || to === from); to++) {
      const v = values[to];
      const text = isLive(live, to) && typeof v === 'string' ? v : '';
      parts.push(text);
      chars += text.length;
    }
    const offsets = new Uint32Array(parts.length + 1);
    for (let i = 0; i < parts.length; i++)
      offsets[i + 1] = (offsets[i] ?? 0) + (parts[i]?.length ?? 0);
    const text = parts.join('');
    // eslint-disable-next-line no-control-regex
    const encoding = /[^\u0000-\u00ff]/.test(text) ? 'utf16le' : 'latin1';
    const bytes = Buffer.from(text, encoding);
    blocks.push({
      count: parts.length,
      encoding,
      offsets: await writer.section(offsets, 'u32'),
      text: await writer.section(bytes, 'u8'),
    });
    from = to;
  }
  return blocks;
}

/** Writes slots 0..n-1 of `values` (only the live ones matter); answers how to read them. */
export async function writeColumn(
  writer: CheckpointWriter,
  values: readonly unknown[],
  n: number,
  live?: Uint8Array,
): Promise<ColumnCodec> {
  const kind = kindOf(values, n, live);
  switch (kind) {
    case 'i32':
    case 'f64':
    case 'bool': {
      const array =
        kind === 'i32'
          ? new Int32Array(n)
          : kind === 'f64'
            ? new Float64Array(n)
            : new Uint8Array(n);
      for (let slot = 0; slot < n; slot++) {
        if (!isLive(live, slot)) continue;
        const v = values[slot];
        array[slot] = typeof v === 'boolean' ? (v ? 1 : 0) : (v as number);
      }
      const type = kind === 'i32' ? 'i32' : kind === 'f64' ? 'f64' : 'u8';
      return { kind, section: await writer.section(array, type) };
    }
    case 'str':
      return { kind, blocks: await writeStrings(writer, values, n, live) };
    case 'v8': {
      const blocks: { count: number; section: number }[] = [];
      for (let from = 0; from < n; from += blockValues) {
        const block: unknown[] = [];
        for (let slot = from; slot < Math.min(n, from + blockValues); slot++)
          block.push(isLive(live, slot) ? values[slot] : undefined);
        blocks.push({ count: block.length, section: await writer.section(serialize(block), 'u8') });
      }
      return { kind, blocks };
    }
  }
}

function readStrings(reader: CheckpointReader, blocks: readonly StringBlock[]): string[] {
  const out: string[] = [];
  for (const block of blocks) {
    const offsets = reader.section(block.offsets, 'u32');
    const bytes = reader.section(block.text, 'u8');
    const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString(
      block.encoding,
    );
    if (offsets.length !== block.count + 1 || offsets[block.count] !== text.length)
      throw new Error('string block offsets disagree with its text');
    for (let i = 0; i < block.count; i++)
      out.push(text.substring(offsets[i] as number, offsets[i + 1]));
  }
  return out;
}

/** Reads a column written by writeColumn: n values, undefined at the slots not live. */
export function readColumn(
  reader: CheckpointReader,
  codec: ColumnCodec,
  n: number,
  live?: Uint8Array,
): unknown[] {
  let values: unknown[];
  switch (codec.kind) {
    case 'i32':
      values = Array.from(reader.section(codec.section, 'i32'));
      break;
    case 'f64':
      values = Array.from(reader.section(codec.section, 'f64'));
      break;
    case 'bool':
      values = Array.from(reader.section(codec.section, 'u8'), (b) => b === 1);
      break;
    case 'str':
      values = readStrings(reader, codec.blocks);
      break;
    case 'v8':
      values = [];
      for (const block of codec.blocks) {
        const bytes = reader.section(block.section, 'u8');
        const part = deserialize(Buffer.from(bytes.buffer, 0, bytes.byteLength)) as unknown[];
        if (part.length !== block.count) throw new Error('a value block has the wrong length');
        for (const v of part) values.push(v);
      }
      break;
  }
  if (values.length !== n) throw new Error(`a column has ${values.length} values, not ${n}`);
  if (live) for (let slot = 0; slot < n; slot++) if (live[slot] !== 1) values[slot] = undefined;
  return values;
}
