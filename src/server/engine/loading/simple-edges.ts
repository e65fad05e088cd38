// The lines of the most common bulk load, read in one loop: a CSV without QUOTE, one-byte EOL
// and separator, loaded by a single LOAD with a single edge destination of the simplest shape
// (targets.ts SimpleEdge: two plain `$n` ids, fixed end types, no attributes or WHERE). Each line
// is cut, its two ids checked to be canonical (as IdSlot.read checks them) and written to the
// batch's key list as they are, with no row object, closure or token string on the way. The
// first line that is anything else (empty token, too few tokens, an id to coerce, too long) is
// left where it is for the general reader (run.ts), which counts it as it always has; so the
// statistics are those of the general path, line for line.
import type { BatchBuilder } from '../batch.js';
import { Canon, canonicalInteger } from './id-slot.js';
import type { ObjectStatistics } from './stats.js';
import type { SimpleEdge } from './targets.js';

/** Longest id written here (its key list length prefix is then one byte). */
const maxIdBytes = 127;

/** Whether bytes [start, end) are a canonical id of that kind (non-empty). */
function canonical(bytes: Uint8Array, start: number, end: number, canon: Canon): boolean {
  if (end <= start || end - start > maxIdBytes) return false;
  return canon === Canon.Text || canonicalInteger(bytes, start, end, canon === Canon.Int);
}

export class SimpleEdgeLines {
  /** Lines read by the last read(). */
  taken = 0;
  private readonly minTokens: number;

  constructor(
    private readonly edge: SimpleEdge,
    /** The destination's statistics (validObject), and the whole run's (validLine). */
    private readonly objects: ObjectStatistics,
    private readonly lines: { validLine: number },
    private readonly separator: number,
    private readonly eol: number,
    minTokens: number,
    /** Longest line in bytes read here (UTF-16 units of the line limit are never more). */
    private readonly maxLine: number,
  ) {
    this.minTokens = Math.max(minTokens, edge.fromColumn + 1, edge.toColumn + 1);
  }

  /**
   * Reads up to `limit` whole lines of bytes[from, bytes.length) while each is simple, into the
   * edge group of `out`; answers the position after the last line read (`from` when none).
   */
  read(bytes: Uint8Array, from: number, out: BatchBuilder, limit: number): number {
    const { separator, eol, minTokens, maxLine } = this;
    const { fromColumn, toColumn, fromCanon, toCanon } = this.edge;
    const group = out.edges(
      this.edge.edgeType,
      this.edge.fromType,
      this.edge.toType,
      this.edge.must,
    );
    const keys = group.keys;
    const end = bytes.length;
    let p = from;
    let taken = 0;
    while (taken < limit) {
      const lineStart = p;
      let token = 0;
      let tokenStart = p;
      let fs = -1;
      let fe = -1;
      let ts = -1;
      let te = -1;
      let i = p;
      for (; i < end; i++) {
        const c = bytes[i];
        if (c === separator) {
          if (token === fromColumn) {
            fs = tokenStart;
            fe = i;
          }
          if (token === toColumn) {
            ts = tokenStart;
            te = i;
          }
          token++;
          tokenStart = i + 1;
        } else if (c === eol) break;
      }
      if (i >= end) break; // no whole line left
      if (i === lineStart) {
        // An empty line is skipped, not counted (as the general reader does).
        p = i + 1;
        continue;
      }
      if (token === fromColumn) {
        fs = tokenStart;
        fe = i;
      }
      if (token === toColumn) {
        ts = tokenStart;
        te = i;
      }
      if (token + 1 < minTokens || i - lineStart > maxLine) break;
      if (!canonical(bytes, fs, fe, fromCanon) || !canonical(bytes, ts, te, toCanon)) break;
      if (keys.length + 2 * maxIdBytes + 2 > keys.bytes.length) keys.room(2 * maxIdBytes + 2);
      const out8 = keys.bytes;
      let at = keys.length;
      out8[at++] = fe - fs;
      for (let j = fs; j < fe; j++) out8[at++] = bytes[j] as number;
      out8[at++] = te - ts;
      for (let j = ts; j < te; j++) out8[at++] = bytes[j] as number;
      keys.length = at;
      taken++;
      p = i + 1;
    }
    keys.count += 2 * taken;
    group.n += taken;
    out.size += taken;
    this.objects.validObject += taken;
    this.lines.validLine += taken;
    this.taken = taken;
    return p;
  }
}
