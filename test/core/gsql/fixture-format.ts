// Reading and writing the parser fixture files (lezer style):
//
//   # case name
//   GSQL input (may itself contain `#` comments)
//   ==>
//   expected output: diagnostics as `line:col: CODE message`, then the S-expression tree
//
// A line starting with `# ` after an expected block starts the next case.

export interface FixtureCase {
  readonly name: string;
  readonly input: string;
  readonly expected: string;
  /** 1-based line of the case header, for failure messages. */
  readonly line: number;
}

export function readFixtures(text: string): FixtureCase[] {
  const lines = text.split('\n');
  const cases: FixtureCase[] = [];
  let i = 0;
  while (i < lines.length) {
    const header = lines[i] ?? '';
    if (!header.startsWith('# ')) {
      i++;
      continue;
    }
    const start = i;
    const input: string[] = [];
    for (i++; i < lines.length && lines[i] !== '==>'; i++) input.push(lines[i] ?? '');
    const expected: string[] = [];
    for (i++; i < lines.length && !(lines[i] ?? '').startsWith('# '); i++)
      expected.push(lines[i] ?? '');
    cases.push({
      name: header.slice(2).trim(),
      input: input.join('\n'),
      expected: expected.join('\n').trim(),
      line: start + 1,
    });
  }
  return cases;
}

export function writeFixtures(cases: readonly FixtureCase[]): string {
  return cases.map((c) => `# ${c.name}\n${c.input}\n==>\n${c.expected}\n`).join('\n');
}
