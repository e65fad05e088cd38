// The LDBC-shaped data generator: deterministic from its seed, and keeping the invariants the
// loading jobs and the BI queries rely on (dataset.ts lists them).
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { generate } from './generate.js';

const dirs: string[] = [];
function fresh(): string {
  const dir = mkdtempSync(join(tmpdir(), 'gwb-ldbc-gen-'));
  dirs.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** Every file under `dir` with its text, by relative path. */
function tree(dir: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    out.set(path.slice(dir.length), readFileSync(path, 'utf8'));
  }
  return out;
}

describe('LDBC data generator', () => {
  const dir = fresh();
  const data = generate(dir, { seed: 11, scale: 0.5 });
  const { dataset } = data;

  it('writes the same files for the same seed and different ones for another seed', () => {
    const again = fresh();
    generate(again, { seed: 11, scale: 0.5 });
    expect(tree(again)).toEqual(tree(dir));
    const other = fresh();
    generate(other, { seed: 12, scale: 0.5 });
    expect(tree(other)).not.toEqual(tree(dir));
  });

  it('counts what it wrote: data rows per folder match the per-pair counts', () => {
    const rows = (folder: string) =>
      readdirSync(folder)
        .map((f) => readFileSync(join(folder, f), 'utf8').trimEnd().split('\n').length - 1)
        .reduce((a, b) => a + b, 0);
    const jobs = { ...data.jobs.load_static, ...data.jobs.load_dynamic };
    const folder = (name: string) => jobs[`file_${name}`] ?? '';
    expect(rows(folder('Person'))).toBe(data.vertices['Person']);
    expect(rows(folder('Comment'))).toBe(data.vertices['Comment']);
    expect(rows(folder('Organisation'))).toBe(
      (data.vertices['Company'] ?? 0) + (data.vertices['University'] ?? 0),
    );
    const pair = (edge: string, from: string, to: string) =>
      data.pairs.find((p) => p.edge === edge && p.from === from && p.to === to)?.count;
    expect(rows(folder('Comment_hasCreator_Person'))).toBe(
      pair('HAS_CREATOR', 'Comment', 'Person'),
    );
    expect(rows(folder('Person_likes_Post'))).toBe(pair('LIKES', 'Person', 'Post'));
    expect(rows(folder('Place_isPartOf_Place'))).toBe(
      (pair('IS_PART_OF', 'City', 'Country') ?? 0) +
        (pair('IS_PART_OF', 'Country', 'Continent') ?? 0),
    );
    expect(Object.keys(data.jobs.load_static)).toHaveLength(8);
    expect(Object.keys(data.jobs.load_dynamic)).toHaveLength(23);
  });

  it('keeps the place id ranges the loading jobs test (countries below 111, cities above 110)', () => {
    for (const place of dataset.places) {
      if (place.type === 'Country') expect(place.id).toBeLessThan(111);
      else expect(place.id).toBeGreaterThan(110);
    }
    const typeOf = new Map(dataset.places.map((p) => [p.id, p.type]));
    for (const org of dataset.organisations) {
      expect(typeOf.get(org.place)).toBe(org.type === 'Company' ? 'Country' : 'City');
    }
  });

  it('lists no relation twice and dates every message after what it depends on', () => {
    const knows = dataset.knows.map((k) => [k.person1, k.person2].sort((a, b) => a - b).join('-'));
    expect(new Set(knows).size).toBe(knows.length);
    const likes = dataset.likes.map((l) => `${l.person}-${l.message}`);
    expect(new Set(likes).size).toBe(likes.length);
    const messages = new Map<number, number>();
    for (const p of dataset.posts) messages.set(p.id, p.creationDate);
    for (const c of dataset.comments) {
      const parent = messages.get(c.parentPost ?? c.parentComment ?? -1);
      expect(parent).toBeDefined();
      expect(c.creationDate).toBeGreaterThan(parent ?? Infinity);
      messages.set(c.id, c.creationDate);
    }
    const forums = new Map(dataset.forums.map((f) => [f.id, f]));
    for (const post of dataset.posts) {
      const forum = forums.get(post.forum);
      const writers = [forum?.moderator, ...(forum?.members.map((m) => m.target) ?? [])];
      expect(writers).toContain(post.creator);
      expect(post.creationDate).toBeGreaterThanOrEqual(forum?.creationDate ?? Infinity);
    }
  });
});
