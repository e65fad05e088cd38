// Token-bank functions read from a TokenBank text: bodies with nested braces, declarations
// without a body skipped, C++ return types named in GSQL terms.
import { describe, expect, it } from 'vitest';
import { tokenFunctions } from '../../../src/server/udt/token-functions.js';

describe('token functions of a TokenBank', () => {
  it('finds each defined function with its code and return type', () => {
    const text = `extern "C" void Declared(const char* const iToken[]);
extern "C" uint64_t Count(const char* const iToken[], uint32_t iTokenLen[], uint32_t n) {
  uint64_t total = 0;
  for (uint32_t i = 0; i < n; i++) { if (iTokenLen[i] > 0) { total++; } }
  return total;
}
extern "C" double Half(const char* const iToken[], uint32_t iTokenLen[]) { return 0.5; }
`;
    const found = tokenFunctions(text);
    expect(found.map((f) => [f.name, f.returnType])).toEqual([
      ['Count', 'uint'],
      ['Half', 'double'],
    ]);
    expect(found[0]?.code.endsWith('return total;\n}')).toBe(true);
  });

  it('finds nothing in an empty file', () => {
    expect(tokenFunctions('')).toEqual([]);
  });
});
