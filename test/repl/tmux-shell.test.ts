// End to end in a real terminal: `gwb` (no --url: the shared local server, started in the
// background as `npm start` does) inside a tmux pane of fixed size. Types \demo, a multi-line query with a
// Tab-completed type name, reads a table from the captured pane, cancels a long request with
// Ctrl+C, and exits with Ctrl+D. Polls capture-pane with deadlines rather than sleeping.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gwbPath, repoRoot, runGwb } from '../helpers/gwb.js';
import { tmuxPane } from '../helpers/tmux.js';
import { ensureFreshBuild } from '../helpers/serve.js';

const socket = `gwb-repl-test-${process.pid}`;
const hasTmux = spawnSync('tmux', ['-V']).status === 0;
let home: string;

const { start, type, key, waitFor, stop } = tmuxPane(socket);

// .ci/run installs tmux; a machine without it fails here rather than skipping the check.
describe('the interactive shell in tmux', () => {
  beforeAll(() => {
    if (!hasTmux) throw new Error('tmux is required for this test (apt-get install tmux)');
    ensureFreshBuild();
    home = mkdtempSync(join(tmpdir(), 'gwb-tmux-'));
    const env = [
      `XDG_CONFIG_HOME=${join(home, 'config')}`,
      `XDG_DATA_HOME=${join(home, 'data')}`,
      'PAGER=',
      'TERM=xterm-256color',
      // A person at a terminal, not CI: ink draws only its last frame when it thinks it runs in
      // CI (CI=true is set by .ci/run), and CI=0 is how is-in-ci is told otherwise.
      'CI=0',
    ].join(' ');
    // The pane outlives the shell so its last words can be read.
    const command = `cd '${repoRoot}' && env ${env} '${process.execPath}' '${gwbPath}' --port 0; echo "gwb exited with $?"; sleep 60`;
    start(command, 120, 45);
  });

  afterAll(() => {
    stop();
    // The shell started the shared local server of its data folder; it outlives the shell.
    if (home) runGwb(['stop', '--data', join(home, 'data', 'gwb')]);
    if (home) rmSync(home, { recursive: true, force: true });
  });

  it('runs the demo, completes, shows tables, cancels and exits', async () => {
    await waitFor(/started now in the background/);
    await waitFor(/\\demo/);

    type('\\demo');
    key('Enter');
    await waitFor(/Graph demo: \d+ vertices and \d+ edges upserted\./, 60_000);
    await waitFor(/gwb demo>\s*$/m);

    // A multi-line statement: Enter on an open block continues; the type name is completed.
    type('INTERPRET QUERY () {');
    key('Enter');
    await waitFor(/\.\.\.>\s*$/m);
    type('  r = SELECT t FROM person:s -(knows:e)- pers');
    key('Tab');
    await waitFor(/-\(knows:e\)- person/);
    type(':t LIMIT 3;');
    key('Enter');
    type('  PRINT r;');
    key('Enter');
    type('}');
    key('Enter');
    const answered = await waitFor(/r \(\d+ rows?\)|ERROR .*not supported/);
    if (!/ERROR/.test(answered)) expect(answered).toMatch(/│ v_id +│ v_type/);

    // A table read back from the pane.
    type('\\vertex person p1');
    key('Enter');
    const table = await waitFor(/│ p1 +│ person +│/);
    expect(table).toMatch(/person \(1 row\)/);

    // Ctrl+C cancels a long query (or, where the server cannot run queries, a long \demo
    // request) and keeps the shell.
    type('INTERPRET QUERY () { SumAccum<INT> @@n; WHILE TRUE LIMIT 900000000 DO @@n += 1; END; }');
    key('Enter');
    const long = await waitFor(/Ctrl\+C to cancel|ERROR .*not supported.*\n(.*\n)*gwb demo>\s*$/m);
    if (!/Ctrl\+C to cancel/.test(long)) {
      type('\\demo');
      key('Enter');
      await waitFor(/Ctrl\+C to cancel/);
    }
    key('C-c');
    await waitFor(/Cancelled\./);
    await waitFor(/gwb demo>\s*$/m);

    key('C-d');
    await waitFor(/gwb exited with 0/);
  }, 240_000);
});
