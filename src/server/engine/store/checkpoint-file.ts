// The checkpoint file container: a preamble, then sections of raw bytes (typed arrays as they
// are in memory, so a reader reads each straight into a new typed array), then a header (v8
// serialized: what the sections are) and a fixed footer naming where the header is. Every section
// and the header carry a CRC-32, the footer a format version and the sizes, so a truncated,
// corrupted or foreign file is refused (CheckpointDamaged) before anything of it is used.
// Writing is incremental and asynchronous (pieces of at most 8 MB), so a large checkpoint does
// not hold the event loop; callers write to a temporary name and rename it when finished.
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';
import { deserialize, serialize } from 'node:v8';
import { crc32 } from 'node:zlib';

/** The format this build writes and reads; another version is refused, not guessed at. */
export const checkpointFormatVersion = 1;

const magic = Buffer.from('GWBCKPT\0', 'latin1');
const endMagic = Buffer.from('GWBCKEND', 'latin1');
const preambleBytes = 16;
const footerBytes = 32;
const pieceBytes = 8 * 1024 * 1024;

export type ElementType = 'u8' | 'u16' | 'i32' | 'u32' | 'f64';

const constructors = {
  u8: Uint8Array,
  u16: Uint16Array,
  i32: Int32Array,
  u32: Uint32Array,
  f64: Float64Array,
} as const;

export type TypedArrayOf<T extends ElementType> = InstanceType<(typeof constructors)[T]>;

interface SectionRef {
  readonly offset: number;
  readonly bytes: number;
  readonly crc: number;
  readonly type: ElementType;
}

interface Header {
  readonly sections: readonly SectionRef[];
  readonly body: unknown;
}

/** The file is not a whole, intact checkpoint of this format. */
export class CheckpointDamaged extends Error {
  constructor(
    readonly path: string,
    reason: string,
  ) {
    super(`${path}: ${reason}`);
    this.name = 'CheckpointDamaged';
  }
}

function bytesOf(data: ArrayBufferView): Uint8Array {
  return new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
}

/** Writes one checkpoint file section by section; `finish` makes it whole and durable. */
export class CheckpointWriter {
  private position = preambleBytes;
  private readonly sections: SectionRef[] = [];

  private constructor(
    readonly path: string,
    private readonly file: FileHandle,
  ) {}

  static async create(path: string): Promise<CheckpointWriter> {
    const file = await open(path, 'w');
    const preamble = Buffer.alloc(preambleBytes);
    magic.copy(preamble, 0);
    preamble.writeUInt32LE(checkpointFormatVersion, 8);
    const writer = new CheckpointWriter(path, file);
    await writer.writeAt(preamble, 0);
    return writer;
  }

  private async writeAt(bytes: Uint8Array, position: number): Promise<void> {
    for (let done = 0; done < bytes.length;) {
      const length = Math.min(pieceBytes, bytes.length - done);
      const { bytesWritten } = await this.file.write(bytes, done, length, position + done);
      done += bytesWritten;
    }
  }

  /** Appends a typed array's bytes as the next section; answers its index. */
  async section(data: ArrayBufferView, type: ElementType): Promise<number> {
    const bytes = bytesOf(data);
    let crc = 0;
    for (let at = 0; at < bytes.length; at += pieceBytes)
      crc = crc32(bytes.subarray(at, Math.min(bytes.length, at + pieceBytes)), crc);
    await this.writeAt(bytes, this.position);
    this.sections.push({ offset: this.position, bytes: bytes.length, crc, type });
    this.position += bytes.length;
    return this.sections.length - 1;
  }

  /** Writes the header (`body` plus the section table) and the footer, then syncs and closes. */
  async finish(body: unknown): Promise<void> {
    const header = serialize({ sections: this.sections, body } satisfies Header);
    await this.writeAt(header, this.position);
    const footer = Buffer.alloc(footerBytes);
    footer.writeDoubleLE(this.position, 0);
    footer.writeUInt32LE(header.length, 8);
    footer.writeUInt32LE(crc32(header), 12);
    footer.writeUInt32LE(checkpointFormatVersion, 16);
    endMagic.copy(footer, 24);
    await this.writeAt(footer, this.position + header.length);
    await this.file.sync();
    await this.file.close();
  }

  /** Closes without finishing (the caller removes the file). */
  async abandon(): Promise<void> {
    await this.file.close().catch(() => undefined);
  }
}

/** Reads a checkpoint file; `open` checks the footer and the header. */
export class CheckpointReader {
  private constructor(
    readonly path: string,
    private readonly fd: number,
    private readonly sections: readonly SectionRef[] = [],
    /** What the writer passed to `finish`. */
    readonly body: unknown = undefined,
  ) {}

  /** Opens `path`; throws CheckpointDamaged unless it is a whole file of this format. */
  static open(path: string): CheckpointReader {
    let fd: number;
    try {
      fd = openSync(path, 'r');
    } catch (error) {
      throw new CheckpointDamaged(path, `cannot open: ${String(error)}`);
    }
    const probe = new CheckpointReader(path, fd);
    try {
      const { sections, body } = probe.readHeader();
      return new CheckpointReader(path, fd, sections, body);
    } catch (error) {
      closeSync(fd);
      if (error instanceof CheckpointDamaged) throw error;
      throw new CheckpointDamaged(path, `unreadable: ${String(error)}`);
    }
  }

  private readHeader(): Header {
    const size = fstatSync(this.fd).size;
    if (size < preambleBytes + footerBytes) this.damaged(`only ${size} bytes`);
    const preamble = Buffer.from(this.bytes(0, preambleBytes));
    if (!preamble.subarray(0, 8).equals(magic)) this.damaged('not a checkpoint');
    const footer = Buffer.from(this.bytes(size - footerBytes, footerBytes));
    if (!footer.subarray(24).equals(endMagic)) this.damaged('truncated (no footer)');
    const version = footer.readUInt32LE(16);
    if (version !== checkpointFormatVersion || preamble.readUInt32LE(8) !== version)
      this.damaged(`format version ${version}; this build reads ${checkpointFormatVersion}`);
    const headerAt = footer.readDoubleLE(0);
    const headerLength = footer.readUInt32LE(8);
    if (headerAt + headerLength + footerBytes !== size) this.damaged('sizes disagree');
    const bytes = this.bytes(headerAt, headerLength);
    if (crc32(bytes) !== footer.readUInt32LE(12)) this.damaged('header checksum mismatch');
    const header = deserialize(bytes) as Header;
    for (const s of header.sections)
      if (s.offset < preambleBytes || s.offset + s.bytes > headerAt)
        this.damaged('a section lies outside the file');
    return header;
  }

  private damaged(reason: string): never {
    throw new CheckpointDamaged(this.path, reason);
  }

  private bytes(position: number, length: number): Uint8Array {
    const out = new Uint8Array(length);
    this.readInto(out, position);
    return out;
  }

  private readInto(out: Uint8Array, position: number): void {
    for (let done = 0; done < out.length;) {
      const n = readSync(this.fd, out, done, out.length - done, position + done);
      if (n === 0) this.damaged('truncated');
      done += n;
    }
  }

  /** Section `index` as a new typed array of `type`, its checksum checked. */
  section<T extends ElementType>(index: number, type: T): TypedArrayOf<T> {
    const ref = this.sections[index];
    if (!ref || ref.type !== type) this.damaged(`section ${index} is not a ${type} section`);
    const Ctor = constructors[type];
    if (ref.bytes % Ctor.BYTES_PER_ELEMENT !== 0) this.damaged(`section ${index} is misaligned`);
    const array = new Ctor(ref.bytes / Ctor.BYTES_PER_ELEMENT) as TypedArrayOf<T>;
    const bytes = bytesOf(array);
    this.readInto(bytes, ref.offset);
    let crc = 0;
    for (let at = 0; at < bytes.length; at += pieceBytes)
      crc = crc32(bytes.subarray(at, Math.min(bytes.length, at + pieceBytes)), crc);
    if (crc !== ref.crc) this.damaged(`section ${index} checksum mismatch`);
    return array;
  }

  /** Reads every section once, checking its checksum (a whole-file check without decoding). */
  verify(): void {
    this.sections.forEach((ref, index) => this.section(index, ref.type));
  }

  close(): void {
    closeSync(this.fd);
  }
}
