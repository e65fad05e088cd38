// The README's REST examples, run as written (bash and curl, from the repository's root) against
// a fresh `gwb serve`: the `curl` lines of the "embedded service" section on the example graph
// (docs/examples/social), with only the port changed to the test server's. Each answer must be a success: the GSQL statements say what they
// created, the REST++ answers are JSON with `error: false`.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../helpers/gwb.js';
import { startGwbServe, type GwbServe } from '../helpers/serve.js';

let serve: GwbServe;

beforeAll(async () => {
  serve = await startGwbServe();
}, 60_000);

afterAll(async () => {
  await serve?.stop();
});

/** The curl commands of the section (continuation lines joined), in order. */
function curlExamples(): string[] {
  const readme = readFileSync(join(repoRoot, 'README.md'), 'utf8');
  const start = readme.indexOf('### The embedded service');
  const end = readme.indexOf('\n### ', start + 1);
  const section = readme.slice(start, end);
  // The blocks on the example graph: its files, and the template query run on it.
  const blocks = [...section.matchAll(/```sh\n([\s\S]*?)```/g)]
    .map((m) => m[1] ?? '')
    .filter((b) => b.includes('docs/examples/social/') || b.includes('library/GDBMS_ALGO'));
  return blocks
    .flatMap((block) => block.replace(/\\\n\s*/g, ' ').split('\n'))
    .filter((line) => line.startsWith('curl '));
}

describe('the README examples of the embedded service', () => {
  it('run as written against a fresh server', () => {
    const examples = curlExamples();
    expect(examples.length).toBeGreaterThanOrEqual(6);
    const answers: string[] = [];
    for (const example of examples) {
      const command = example.replaceAll('localhost:14240', `127.0.0.1:${serve.port}`);
      const run = spawnSync('bash', ['-c', `${command} --silent --show-error`], {
        cwd: repoRoot,
        encoding: 'utf8',
      });
      expect(run.status, `${example}\n${run.stderr}`).toBe(0);
      answers.push(run.stdout);
    }
    const [schema, ...rest] = answers;
    expect(schema).toContain('The graph social is created.');
    expect(schema).toContain('Successfully created loading jobs: [load_follows].');
    for (const [i, text] of rest.entries()) {
      const answer = JSON.parse(text) as { error?: boolean; results?: unknown };
      expect(answer.error, `${examples[i + 1]}\n${text}`).toBe(false);
    }
    // The data went in and the queries answer from it.
    expect(rest.join('\n')).toContain('"v_id":"zoe"');
    expect(rest.at(-1)).toContain('@@top_scores_heap');
  });
});
