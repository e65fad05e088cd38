// User-defined function files: uploaded (one as text, several as JSON), downloaded under both
// names, and the token functions of the stored TokenBank listed with their code and return type.
// The server's own files are put back afterwards.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GraphClient } from '../../../src/core/client/index.js';
import { openTarget, type Target } from '../target.js';

let target: Target;
let client: GraphClient;
let saved: Record<string, string>;

beforeAll(async () => {
  target = await openTarget('udf');
  client = target.client;
  saved = await client.call('listUdtFiles', {});
}, 60_000);

afterAll(async () => {
  const files = (['TokenBank', 'ExprFunctions', 'ExprUtil'] as const).map((Name) => ({
    Name,
    Content: saved[Name] ?? '',
  }));
  await client.call('putUdtFiles', { body: { files } }).catch(() => undefined);
  await target.close();
});

const tokenBank = `#include <cstring>
extern "C" void _Concat(const char* const iToken[], uint32_t iTokenLen[], uint32_t iTokenNum,
                        char* const oToken, uint32_t& oTokenLen) {
  int k = 0;
  for (uint32_t i = 0; i < iTokenNum; i++) {
    for (uint32_t j = 0; j < iTokenLen[i]; j++) { oToken[k++] = iToken[i][j]; }
  }
  oTokenLen = k;
}

extern "C" bool IsShort(const char* const iToken[], uint32_t iTokenLen[], uint32_t iTokenNum) {
  return iTokenLen[0] < 4;
}
`;

describe('UDF files', () => {
  it('uploads a TokenBank as text and downloads it back', async () => {
    expect(
      await client.call('putUdtFile', { path: { fileName: 'TokenBank' }, body: tokenBank }),
    ).toBe('Successfully update file: TokenBank');
    expect(await client.call('getUdtFile', { path: { fileName: 'TokenBank' } })).toEqual({
      TokenBank: tokenBank,
    });
  });

  it('uploads several files; the tg_ names read the same files', async () => {
    const expr = 'inline int64_t add_one(int64_t x) { return x + 1; }\n';
    await client.call('putUdtFiles', {
      body: {
        files: [
          { Name: 'ExprFunctions', Content: expr },
          { Name: 'ExprUtil', Content: '' },
        ],
      },
    });
    expect(await client.call('getUdtFile', { path: { fileName: 'tg_ExprFunctions' } })).toEqual({
      tg_ExprFunctions: expr,
    });
    const all = await client.call('listUdtFiles', {});
    expect(all).toMatchObject({ ExprFunctions: expr, TokenBank: tokenBank, ExprUtil: '' });
  });
});

describe('token functions', () => {
  it('lists the functions of the stored TokenBank with code and return type', async () => {
    const functions = await client.call('listTokenFunctions', {});
    expect(functions.map((f) => [f.name, f.returnType])).toEqual([
      ['_Concat', 'string'],
      ['IsShort', 'bool'],
    ]);
    const concat = await client.call('getTokenFunction', { path: { functionName: '_Concat' } });
    expect(concat.code.startsWith('extern "C" void _Concat(')).toBe(true);
    expect(concat.code.trimEnd().endsWith('oTokenLen = k;\n}')).toBe(true);
  });

  it('answers 404 for a function the file does not define', async () => {
    await expect(
      client.call('getTokenFunction', { path: { functionName: 'NoSuchFunction' } }),
    ).rejects.toMatchObject({ status: 404 });
  });
});
