// The shell's habits in a real terminal (tmux, 120x40), as a user of psql or the GSQL shell finds
// them: a result taller than the screen opens in the pager (less, PAGER unset) and leaves one
// line behind, `\pager off` prints it instead; Tab completes meta commands and their arguments;
// Ctrl+L and `clear` clear the screen; every error of a multi-error message names its own line;
// `\o FILE` writes plain text although the screen has colours.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gwbPath, repoRoot } from '../helpers/gwb.js';
import { tmuxPane } from '../helpers/tmux.js';
import { ensureFreshBuild, startGwbServe, type GwbServe } from '../helpers/serve.js';

const socket = `gwb-repl-habits-${process.pid}`;
let home: string;
let serve: GwbServe;

const { start, pane, type, key, waitFor, stop } = tmuxPane(socket);

const prompt = /gwb demo>\s*$/m;

describe('shell habits in tmux', () => {
  beforeAll(async () => {
    ensureFreshBuild();
    serve = await startGwbServe();
    home = mkdtempSync(join(tmpdir(), 'gwb-habits-'));
    const env = [`XDG_CONFIG_HOME=${join(home, 'config')}`, 'TERM=xterm-256color', 'CI=0'].join(
      ' ',
    );
    // PAGER is unset in the pane: the shell picks less, as psql does.
    const command = `cd '${repoRoot}' && env -u PAGER -u LESS ${env} '${process.execPath}' '${gwbPath}' --url '${serve.url}'; echo "gwb exited with $?"; sleep 60`;
    start(command, 120, 40);
  }, 60_000);

  afterAll(async () => {
    stop();
    await serve?.stop();
    if (home) rmSync(home, { recursive: true, force: true });
  });

  it('completes meta commands and their arguments with Tab', async () => {
    await waitFor(/\\demo/);
    type('\\dem');
    key('Tab');
    await waitFor(/> \\demo\s*$/m);
    key('Enter');
    await waitFor(/Graph demo: \d+ vertices/, 90_000);
    await waitFor(prompt);
    type('\\gr');
    key('Tab');
    await waitFor(/> \\graph\s*$/m);
    type(' de');
    key('Tab');
    await waitFor(/> \\graph demo\s*$/m);
    key('Enter');
    await waitFor(/Using graph demo\./);
    type('\\describe khop');
    key('Tab');
    await waitFor(/> \\describe khop_count\s*$/m);
    key('Enter');
    // \describe shows the default of k.
    await waitFor(/│ k +│ INT +│ 2 +│/);
  }, 180_000);

  it('opens a tall result in the pager and leaves one line; \\pager off prints it', async () => {
    type('INTERPRET QUERY () FOR GRAPH demo { S = {person.*}; PRINT S; }');
    key('Enter');
    // less shows the first screen of the table and its prompt on the last line.
    const paged = await waitFor(/^:\s*$/m, 60_000);
    expect(paged).toMatch(/│ v_id +│ v_type/);
    key('q');
    const back = await waitFor(/\(\d+ lines shown in less\)/);
    expect(back).not.toMatch(/│ p2000 +│/);
    await waitFor(prompt);
    type('\\pager off');
    key('Enter');
    await waitFor(/Pager is off\./);
    type('INTERPRET QUERY () FOR GRAPH demo { S = {person.*}; PRINT S; }');
    key('Enter');
    // Printed straight to the screen: its last rows are there, the pager's note is not.
    const printed = await waitFor(/│ p1999 +│ person +│/, 60_000);
    expect(printed).not.toContain('lines shown in less');
    await waitFor(prompt);
    type('\\pager on');
    key('Enter');
    await waitFor(/Pager is on \(less\)\./);
  }, 120_000);

  it('clears the screen with Ctrl+L and with clear', async () => {
    type('\\timing on');
    key('Enter');
    await waitFor(/Timing is on\./);
    key('C-l');
    // The screen is cleared first and the prompt drawn again after: wait for both.
    const clearedOf = (gone: string) => () => {
      const now = pane();
      return !now.includes(gone) && prompt.test(now);
    };
    await expect.poll(clearedOf('Timing is on.'), { timeout: 10_000 }).toBe(true);
    type('\\timing off');
    key('Enter');
    await waitFor(/Timing is off\./);
    type('clear');
    key('Enter');
    await expect.poll(clearedOf('Timing is off.'), { timeout: 10_000 }).toBe(true);
  }, 60_000);

  it('puts every error of a message on the line of its mistake', async () => {
    type('INTERPRET QUERY () FOR GRAPH demo {');
    key('Enter');
    type('  S = {nosuch.*};');
    key('Enter');
    type('  T = {other.*};');
    key('Enter');
    type('}');
    key('Enter');
    const shown = await waitFor(/unknown vertex type other/);
    expect(shown).toMatch(/line 2:\d+: unknown vertex type nosuch/);
    expect(shown).toMatch(/line 3:\d+: unknown vertex type other/);
    expect(shown).toMatch(/2 \| +S = \{nosuch\.\*\};/);
  }, 60_000);

  it('writes plain text to the file of \\o', async () => {
    const out = join(home, 'out.txt');
    type(`\\o ${out}`);
    key('Enter');
    await waitFor(/Results go to /);
    type('\\vertex person p1');
    key('Enter');
    // The result went to the file: the prompt comes back right under the command.
    await waitFor(/\\vertex person p1\ngwb demo>\s*$/m);
    type('\\o');
    key('Enter');
    await waitFor(/Results go to the screen\./);
    const text = readFileSync(out, 'utf8');
    expect(text).toMatch(/│ p1 +│ person +│/);
    expect(text).not.toContain('\x1b[');
    key('C-d');
    await waitFor(/gwb exited with 0/);
  }, 60_000);
});
