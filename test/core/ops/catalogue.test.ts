// The operation catalogue against the spec: every endpoint row of the three documents (the
// hand-written spec-rows.txt) has an operation, and the catalogue keeps its own rules: unique
// camelCase names, variants only beside another form, declared path parameters, honest readOnly.
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { operations, type Operation } from '../../../src/core/ops/index.js';

const opsDir = fileURLToPath(new URL('../../../src/core/ops/', import.meta.url));
const rowsFile = fileURLToPath(new URL('./spec-rows.txt', import.meta.url));

interface Row {
  readonly line: number;
  readonly text: string;
  readonly method: string;
  readonly path?: string;
  readonly legacy?: string;
}

function parseRows(text: string): Row[] {
  const rows: Row[] = [];
  text.split('\n').forEach((raw, index) => {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) return;
    const [method = '', ...rest] = line.split(/\s+/);
    let path: string | undefined;
    let legacy: string | undefined;
    for (const part of rest) {
      if (part.startsWith('legacy=')) legacy = part.slice('legacy='.length);
      else path = part;
    }
    rows.push({ line: index + 1, text: line, method, path, legacy });
  });
  return rows;
}

/** `{any_name}` -> `{}`, and the query part dropped (the spec writes some paths with one). */
function norm(path: string): string {
  return (path.split('?')[0] ?? '').replace(/\{[^}]*\}/g, '{}');
}

function matches(op: Operation, row: Row): boolean {
  if (op.method !== row.method) return false;
  if (row.path === undefined) {
    return row.legacy !== undefined && norm(op.legacyPath ?? op.path) === norm(row.legacy);
  }
  if (norm(op.path) !== norm(row.path)) return false;
  return row.legacy === undefined || norm(op.legacyPath ?? '') === norm(row.legacy);
}

const key = (op: Operation) => `${op.method} ${op.path}`;

describe('spec rows', () => {
  const rows = parseRows(readFileSync(rowsFile, 'utf8'));

  it('reads a plausible fixture', () => {
    expect(rows.length).toBeGreaterThan(150);
    for (const row of rows) {
      expect(['GET', 'POST', 'PUT', 'DELETE', 'PATCH'], row.text).toContain(row.method);
      expect(row.path ?? row.legacy, row.text).toMatch(/^\//);
    }
  });

  it('has an operation for every row, and as many distinct ones as identical rows', () => {
    const groups = new Map<string, Row[]>();
    for (const row of rows) {
      const id = `${row.method} ${norm(row.path ?? '')} ${norm(row.legacy ?? '')}`;
      groups.set(id, [...(groups.get(id) ?? []), row]);
    }
    const missing: string[] = [];
    for (const group of groups.values()) {
      const first = group[0];
      if (first === undefined) continue;
      const found = operations.filter((op) => matches(op, first));
      if (found.length < group.length) {
        const lines = group.map((r) => r.line).join(', ');
        const names = found.map((op) => op.name).join(', ') || 'none';
        missing.push(`line ${lines}: ${first.text} (${group.length} rows; operations: ${names})`);
      }
    }
    expect(missing, `rows without an operation:\n${missing.join('\n')}`).toEqual([]);
  });
});

/** Every area module of src/core/ops, imported on its own, so that a name two modules share
 * (which the catalogue's spread would silently keep only once) shows up. */
async function moduleOperations(): Promise<Array<{ file: string; op: Operation }>> {
  const files = readdirSync(opsDir).filter(
    (f) => f.endsWith('.ts') && !['define.ts', 'shapes.ts', 'index.ts'].includes(f),
  );
  const found: Array<{ file: string; op: Operation }> = [];
  for (const file of files) {
    const mod = (await import(new URL(file, `file://${opsDir}`).href)) as Record<string, unknown>;
    for (const value of Object.values(mod)) {
      if (typeof value === 'object' && value !== null && 'pathParamNames' in value) {
        found.push({ file, op: value as Operation });
      }
    }
  }
  return found;
}

describe('catalogue rules', () => {
  it('names operations uniquely in camelCase, and lists every module operation', async () => {
    const all = await moduleOperations();
    const seen = new Map<string, string>();
    const clashes: string[] = [];
    for (const { file, op } of all) {
      const other = seen.get(op.name);
      if (other !== undefined && other !== file) clashes.push(`${op.name} in ${other} and ${file}`);
      seen.set(op.name, file);
    }
    expect(clashes).toEqual([]);
    for (const op of operations) expect(op.name).toMatch(/^[a-z][A-Za-z0-9]*$/);
    const listed = new Set(operations.map((op) => op.name));
    const unlisted = [...seen.keys()].filter((n) => !listed.has(n));
    expect(unlisted, 'operations of a module missing from index.ts').toEqual([]);
  });

  it('gives a variant only to an operation that shares its method and path', () => {
    const lonely = operations
      .filter((op) => op.variant !== undefined)
      .filter((op) => !operations.some((other) => other !== op && key(other) === key(op)))
      .map((op) => op.name);
    expect(lonely).toEqual([]);
  });

  it('leaves at most one plain form per method and path, and distinct variants', () => {
    const byKey = new Map<string, Operation[]>();
    for (const op of operations) byKey.set(key(op), [...(byKey.get(key(op)) ?? []), op]);
    const problems: string[] = [];
    for (const [k, ops] of byKey) {
      const plain = ops.filter((op) => op.variant === undefined).map((op) => op.name);
      if (plain.length > 1) problems.push(`${k}: plain forms ${plain.join(', ')}`);
      const variants = ops
        .filter((op) => op.variant !== undefined)
        .map((op) => JSON.stringify(op.variant));
      if (new Set(variants).size !== variants.length) problems.push(`${k}: repeated variant`);
    }
    expect(problems).toEqual([]);
  });

  it('declares every path parameter', () => {
    for (const op of operations) {
      const inPath = [...op.path.matchAll(/\{([^}/]+)\}/g)].map((m) => m[1]);
      expect(Object.keys(op.pathParams.shape).sort(), op.name).toEqual([...inPath].sort());
      expect(op.pathParamNames, op.name).toEqual(inPath);
    }
  });

  // GETs that act: each with the reason it is not read-only.
  const actingGets: Record<string, string> = {
    rebuildNow: 'folds pending writes into the compact graph and writes a summary file',
    abortQuery: 'aborts running queries',
    clearStore: 'deletes all data of all graphs',
    abortLoadingJobs: 'aborts or pauses loading-job runs',
    abortLoadingJob: 'aborts a loading-job run',
    resumeLoadingJob: 'resumes a paused loading-job run',
  };

  // Reads sent with another method: each with the reason.
  const readingNonGets: Record<string, string> = {
    echoPost: 'the POST form of the echo diagnostic',
    postMetrics: 'the POST form of the OpenMetrics reader',
    getMetricsByCategory: 'a JSON filter in the body of a metrics read',
    getServiceStatus: 'service descriptors in the body of a status read',
    runBuiltin: 'statistics functions take their arguments as a body',
    shortestPath: 'path finding takes its end points and filters as a body',
    allPaths: 'path finding takes its end points and filters as a body',
    runInstalledQueryPost: 'query parameters as a JSON body; as read-only as its GET form',
    sampleData: 'reads the first rows of a file described in the body',
  };

  it('marks every GET read-only unless it is listed as acting', () => {
    const acting = operations
      .filter((op) => op.method === 'GET' && !op.readOnly)
      .map((op) => op.name)
      .sort();
    expect(acting).toEqual(Object.keys(actingGets).sort());
  });

  it('lists every read-only operation that is not a GET', () => {
    const reads = operations
      .filter((op) => op.method !== 'GET' && op.readOnly)
      .map((op) => op.name)
      .sort();
    expect(reads).toEqual(Object.keys(readingNonGets).sort());
  });

  it('puts document 3 on the control plane and document 2 on the GSQL server', () => {
    for (const op of operations) {
      if (op.path.startsWith('/controller/') || op.path === '/users') {
        expect(op.service, op.name).toBe('cloud');
      }
      if (op.path.startsWith('/gsql/v1/') || op.path.startsWith('/gsql/scim/')) {
        expect(op.service, op.name).toBe('gsql');
      }
    }
  });
});
