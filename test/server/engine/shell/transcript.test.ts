// Shell transcripts: each fixture file is one engine, and each case in it one script sent to a
// fresh shell session, with the text the shell must answer and its return code. Cases run in
// order, so later cases see the schema earlier ones built.
//   # case name
//   <GSQL script>
//   ==>
//   <expected output lines>
//   [rc N]
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Engine } from '../../../../src/server/engine/engine.js';
import { ShellSession } from '../../../../src/server/engine/shell/session.js';

interface Case {
  readonly name: string;
  readonly script: string;
  readonly expected: string;
}

function readCases(text: string): Case[] {
  const cases: Case[] = [];
  for (const block of text.split(/^# /m).slice(1)) {
    const newline = block.indexOf('\n');
    const name = block.slice(0, newline).trim();
    const [script = '', expected = ''] = block.slice(newline + 1).split(/^==>\n/m);
    cases.push({ name, script, expected: expected.trimEnd() });
  }
  return cases;
}

const folder = new URL('./fixtures/', import.meta.url);

for (const file of readdirSync(folder).filter((f) => f.endsWith('.txt'))) {
  describe(file, () => {
    let dir: string;
    let engine: Engine;
    beforeAll(async () => {
      dir = mkdtempSync(join(tmpdir(), 'gwb-shell-'));
      engine = await Engine.open({ dir, rebuildIntervalMs: 0 });
    });
    afterAll(async () => {
      await engine.close();
      rmSync(dir, { recursive: true, force: true });
    });
    for (const c of readCases(readFileSync(new URL(file, folder), 'utf8'))) {
      it(c.name, async () => {
        const result = await new ShellSession(engine).run(c.script);
        expect([...result.lines, `[rc ${result.returnCode}]`].join('\n')).toBe(c.expected);
      });
    }
  });
}
