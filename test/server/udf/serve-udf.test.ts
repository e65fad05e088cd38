// User-defined functions on a real `gwb serve` child: PUT ExprFunctions / TokenBank store the
// uploaded files durably (GET writes them back, after a restart too); `--udf FILE` makes a
// JavaScript module's functions callable from queries; a query calling an unknown function is
// refused at install naming the function and --udf; a bad module stops the start (exit 2).
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GraphClient } from '../../../src/core/client/index.js';
import { serveUntilExit, startGwbServe, type GwbServe } from '../../helpers/serve.js';

const files = mkdtempSync(join(tmpdir(), 'gwb-udf-files-'));
const exprFunctions = `#include <string>
namespace UDIMPL {
  inline int64_t twice_plus (int64_t x, int64_t y) { return 2 * x + y; }
  inline string shout (string s) { return s + "!"; }
  inline double cpp_only (double x) { return x; }
}
`;
const tokenBank = `extern "C" int64_t ToMiliSeconds(const char* const iToken[], uint32_t iTokenLen[], uint32_t iTokenNum) { return 0; }\n`;
const udfModule = `
export function twice_plus(x, y) { return 2 * Number(x) + Number(y); }
twice_plus.returns = 'INT';
export function shout(s) { return String(s).toUpperCase() + '!'; }
shout.returns = 'STRING';
export function fails() { throw new Error('no luck'); }
`;

let server: GwbServe;
let client: GraphClient;
const dir = mkdtempSync(join(tmpdir(), 'gwb-udf-data-'));

function start(): Promise<GwbServe> {
  return startGwbServe({
    dir,
    args: ['--allow-files', files, '--udf', join(files, 'udfs.mjs')],
  });
}

/** A client of graph g on `serve`, as the default user. */
function connect(serve: GwbServe): GraphClient {
  return new GraphClient({
    url: serve.url,
    graph: 'g',
    username: 'tigergraph',
    password: 'tigergraph',
  });
}

async function gsql(text: string): Promise<string> {
  const answer = await client.gsql(text);
  if (!answer.ok) throw new Error(answer.output);
  return answer.output;
}

beforeAll(async () => {
  writeFileSync(join(files, 'ExprFunctions.hpp'), exprFunctions);
  writeFileSync(join(files, 'TokenBank.cpp'), tokenBank);
  writeFileSync(join(files, 'udfs.mjs'), udfModule);
  server = await start();
  client = connect(server);
  await gsql('CREATE VERTEX P (PRIMARY_ID id STRING, born INT)\nCREATE GRAPH g (P)');
}, 120_000);
afterAll(async () => {
  await client?.close();
  await server?.kill();
  rmSync(dir, { recursive: true, force: true });
  rmSync(files, { recursive: true, force: true });
});

describe('UDF files (PUT / GET)', () => {
  it('stores what PUT uploads and writes it back with GET, also after a restart', async () => {
    expect(await gsql(`PUT ExprFunctions FROM "${join(files, 'ExprFunctions.hpp')}"`)).toContain(
      'PUT ExprFunctions successfully.',
    );
    expect(await gsql('PUT TokenBank FROM "TokenBank.cpp"')).toContain(
      'PUT TokenBank successfully.',
    );
    await server.kill();
    server = await start();
    await client.close();
    client = connect(server);
    await gsql('GET ExprFunctions TO "back.hpp"\nGET TokenBank TO "back.cpp"');
    expect(readFileSync(join(files, 'back.hpp'), 'utf8')).toBe(exprFunctions);
    expect(readFileSync(join(files, 'back.cpp'), 'utf8')).toBe(tokenBank);
  }, 120_000);

  it('refuses a PUT from outside the allowed folders and changes nothing', async () => {
    const answer = await client.gsql('PUT ExprUtil FROM "/etc/hostname"');
    expect(answer.ok).toBe(false);
    expect(answer.output).toContain('outside the allowed folders');
    await gsql('GET ExprUtil TO "util.hpp"');
    expect(readFileSync(join(files, 'util.hpp'), 'utf8')).toBe('');
  });
});

describe('gwb serve --udf', () => {
  it("runs the module's functions and the known equivalents in installed and interpreted queries", async () => {
    await gsql(`USE GRAPH g
CREATE QUERY calls(INT x) FOR GRAPH g {
  PRINT twice_plus(x, 1) AS t, shout("hi") AS s, ms_to_string(1347527086123) AS ms,
        bigint_to_string(9007199254740993) AS big;
}
INSTALL QUERY calls`);
    expect(await client.runQuery('calls', { x: 20 })).toEqual([
      { t: 41, s: 'HI!', ms: '2012-09-13T09:04:46.123+00:00', big: '9007199254740993' },
    ]);
    const interpreted = await gsql(
      'USE GRAPH g\nINTERPRET QUERY () FOR GRAPH g { PRINT twice_plus(2, 3) AS t; }',
    );
    expect(interpreted).toContain('"t": 7');
  });

  it('refuses at install a call nobody provides, naming the function and --udf', async () => {
    const answer = await client.gsql(
      'USE GRAPH g\nCREATE QUERY missing() FOR GRAPH g { PRINT cpp_only(1.5), nowhere(2); }',
    );
    expect(answer.ok).toBe(false);
    expect(answer.output).toContain(
      'unknown function or query cpp_only (ExprFunctions declares it in C++',
    );
    expect(answer.output).toContain('gwb serve --udf FILE');
  });

  it('turns a throwing UDF into a coded query error, and the service keeps serving', async () => {
    await gsql(
      'USE GRAPH g\nCREATE QUERY boom() FOR GRAPH g { PRINT fails(); }\nINSTALL QUERY boom',
    );
    await expect(client.runQuery('boom')).rejects.toThrow(/function fails .* failed: no luck/);
    expect(await client.runQuery('calls', { x: 1 })).toHaveLength(1);
  });

  it('refuses to start on a module that does not load, with GWB-UDF and exit code 2', async () => {
    const other = mkdtempSync(join(tmpdir(), 'gwb-udf-bad-'));
    try {
      writeFileSync(join(other, 'bad.mjs'), 'export const abs = (x) => x;\n');
      const exit = await serveUntilExit({
        dir: other,
        args: ['--udf', join(other, 'bad.mjs')],
      });
      expect(exit.code).toBe(2);
      expect(exit.stderr).toContain('GWB-UDF');
      expect(exit.stderr).toContain('abs is a GSQL built-in function');
    } finally {
      rmSync(other, { recursive: true, force: true });
    }
  }, 60_000);
});
