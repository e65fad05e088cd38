// The ink components with ink-testing-library: highlighting, the completion popup, the shell's
// Ctrl+C handling (clear, cancel a running request and keep the shell, twice to exit), and query
// results rendered from a recorded answer of the statements channel (a scripted HTTP server).
import { render } from 'ink-testing-library';
import { createElement } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { App } from '../../src/repl/app.js';
import { CompletionPopup } from '../../src/repl/completion.js';
import { applyCompletion, candidates } from '../../src/repl/completion-state.js';
import { Editor } from '../../src/repl/editor.js';
import { BlockFeed } from '../../src/repl/feed.js';
import { pieces } from '../../src/repl/highlight.js';
import { plain } from '../../src/repl/render/ansi.js';
import { Session } from '../../src/repl/session.js';
import { startReplayServer, version4, type ReplayServer } from '../helpers/replay-server.js';

async function until(check: () => boolean, what: string, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

const tick = () => new Promise((r) => setTimeout(r, 30));

describe('highlighting', () => {
  it('colours GSQL by the core token classes', () => {
    const p = pieces('SELECT s FROM person:s WHERE s.@score > 3 // note');
    const colourOf = (text: string) => p.find((x) => x.text === text)?.colour;
    expect(colourOf('SELECT')).toBe('magenta');
    expect(colourOf('s.')).toBeUndefined();
    expect(colourOf('@score')).toBe('yellow');
    expect(colourOf('3')).toBe('blue');
    expect(colourOf('// note')).toBe('gray');
  });

  it('renders the editor with the graph in the prompt and continuation lines', () => {
    const { lastFrame } = render(
      createElement(Editor, {
        state: { text: 'CREATE QUERY q() {\n  PRINT 1;', cursor: 5 },
        graph: 'demo',
      }),
    );
    const lines = (lastFrame() ?? '').split('\n');
    expect(lines[0]).toContain('gwb demo> CREATE QUERY q() {');
    expect(lines[1]).toMatch(/\.\.\.> {3}PRINT 1;/);
  });
});

describe('completion', () => {
  const schema = {
    vertexTypes: [
      { name: 'person', attributes: ['name', 'age'] },
      { name: 'place', attributes: [] },
    ],
    edgeTypes: [{ name: 'knows', attributes: [] }],
    queries: [],
  };

  it('offers vertex types and applies the chosen one', () => {
    const state = { text: 'INTERPRET QUERY () { s = {pe', cursor: 28 };
    const items = candidates(state, schema);
    expect(items[0]?.label).toBe('person');
    expect(applyCompletion(state, items[0]!).text).toBe('INTERPRET QUERY () { s = {person');
  });

  it('shows the popup with the selection', () => {
    const items = [
      { label: 'person', kind: 'vertexType' as const },
      { label: 'place', kind: 'vertexType' as const },
    ];
    const { lastFrame } = render(createElement(CompletionPopup, { items, selected: 1 }));
    expect(lastFrame()).toContain('person');
    expect(lastFrame()).toContain('place');
  });
});

describe('the shell', () => {
  let server: ReplayServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  async function shell(
    answer: (body: string) => Promise<string> | string,
    history: readonly string[] = [],
  ) {
    server = await startReplayServer();
    server.on('GET /restpp/version', () => version4);
    server.on('GET /gsql/v1/schema/graphs', () => ({
      json: {
        graphs: [{ graphName: 'g', vertices: ['person'], edges: [] }],
        error: false,
        message: '',
      },
    }));
    server.on('GET /gsql/v1/schema', () => ({
      json: {
        error: false,
        message: '',
        results: {
          GraphName: 'g',
          VertexTypes: [{ Name: 'person', Attributes: [], PrimaryId: undefined }],
          EdgeTypes: [],
        },
      },
    }));
    server.on('POST /gsql/v1/statements', async (req, res) => {
      const text = await answer(req.body);
      if (!res.destroyed) res.writeHead(200, { 'content-type': 'text/plain' }).end(text);
    });
    const feed = new BlockFeed(plain);
    const session = new Session({
      profile: { url: server.url, username: 'tigergraph', password: 'tigergraph', graph: 'g' },
      sink: feed,
      width: () => 80,
    });
    const exits = { count: 0 };
    const app = render(
      createElement(App, { session, feed, history, onExit: () => (exits.count += 1) }),
    );
    return { app, exits, frame: () => app.frames.join('\n') };
  }

  it('clears the input on Ctrl+C and exits on a second Ctrl+C on an empty line', async () => {
    const { app, exits } = await shell(() => '__GSQL__RETURN__CODE__,0');
    app.stdin.write('LS');
    await tick();
    expect(app.lastFrame()).toContain('gwb g> LS');
    app.stdin.write('\x03');
    await tick();
    expect(app.lastFrame()).not.toContain('LS');
    app.stdin.write('\x03');
    await tick();
    expect(app.lastFrame()).toContain('Press Ctrl+C again');
    expect(exits.count).toBe(0);
    app.stdin.write('\x03');
    await tick();
    expect(exits.count).toBe(1);
  });

  it('cancels a running request with Ctrl+C and keeps the shell', async () => {
    let release: (() => void) | undefined;
    const { app, exits } = await shell(
      () =>
        new Promise<string>((resolve) => {
          release = () => resolve('__GSQL__RETURN__CODE__,0');
        }),
    );
    app.stdin.write('RUN QUERY slow()');
    await tick();
    app.stdin.write('\r');
    await until(() => (app.lastFrame() ?? '').includes('Ctrl+C to cancel'), 'the spinner');
    app.stdin.write('\x03');
    await until(() => (app.lastFrame() ?? '').includes('aborted'), 'the cancelled request');
    expect(app.lastFrame()).toContain('Cancelled.');
    expect((app.lastFrame() ?? '').split('\n').at(-1)).toBe('gwb g>');
    expect(exits.count).toBe(0);
    release?.();
  });

  it('renders a recorded RUN QUERY answer as a table', async () => {
    const envelope = {
      version: { edition: 'enterprise', api: 'v2', schema: 0 },
      error: false,
      message: '',
      results: [
        { friends: [{ v_id: 'p2', v_type: 'person', attributes: { name: 'Ben', '@hops': 1 } }] },
        { reached: 42 },
      ],
    };
    const { app, frame } = await shell((body) =>
      body.includes('RUN QUERY')
        ? `Using graph 'g'\n${JSON.stringify(envelope, null, 2)}\n__GSQL__RETURN__CODE__,0`
        : '__GSQL__RETURN__CODE__,0',
    );
    app.stdin.write('RUN QUERY neighbours("p1")');
    await tick();
    app.stdin.write('\r');
    await until(() => frame().includes('reached: 42'), 'the result');
    expect(frame()).toContain('friends (1 row)');
    expect(frame()).toMatch(/│ p2 +│ person +│ Ben +│ +1 │/);
  });

  it('shows a GSQL error with a caret under the position', async () => {
    const { app, frame } = await shell(
      () =>
        "Using graph 'g'\nSyntax error at 2:20: expected attribute name\n__GSQL__RETURN__CODE__,1",
    );
    app.stdin.write('CREATE VERTEX bad (PRIMARY_ID id STRING, name STRIN)');
    await tick();
    app.stdin.write('\r');
    await until(() => frame().includes('ERROR'), 'the error');
    expect(frame()).toContain('1 | CREATE VERTEX bad (PRIMARY_ID id STRING, name STRIN)');
    expect(frame()).toMatch(/\n {23}\^/);
  });

  it('continues an open block on Enter; Alt+Enter and Ctrl+J insert newlines', async () => {
    const { app, frame } = await shell(() => '__GSQL__RETURN__CODE__,0');
    app.stdin.write('CREATE QUERY q() {');
    await tick();
    app.stdin.write('\r');
    await tick();
    expect(app.lastFrame()).toMatch(/\.\.\.> *$/);
    app.stdin.write('PRINT 1;');
    await tick();
    app.stdin.write('\n'); // Ctrl+J
    await tick();
    app.stdin.write('}');
    await tick();
    app.stdin.write('\x1b\r'); // Alt+Enter: a newline even though the block is complete
    await tick();
    expect((app.lastFrame() ?? '').split('\n')).toHaveLength(4);
    app.stdin.write('\r');
    await until(() => frame().includes('gwb g> CREATE QUERY q() {\nPRINT 1;'), 'the submission');
  });

  it('recalls history with Up and finds entries with Ctrl+R', async () => {
    const { app } = await shell(
      () => '__GSQL__RETURN__CODE__,0',
      ['LS', 'SHOW VERTEX *', 'USE GLOBAL'],
    );
    app.stdin.write('\x1b[A');
    await tick();
    expect(app.lastFrame()).toContain('gwb g> USE GLOBAL');
    app.stdin.write('\x1b[A');
    await tick();
    expect(app.lastFrame()).toContain('gwb g> SHOW VERTEX *');
    app.stdin.write('\x1b[B');
    app.stdin.write('\x1b[B');
    await tick();
    expect((app.lastFrame() ?? '').trim()).toBe('gwb g>');
    app.stdin.write('\x12'); // Ctrl+R
    await tick();
    app.stdin.write('VER');
    await tick();
    expect(app.lastFrame()).toContain("(reverse-i-search)`VER': SHOW VERTEX *");
    app.stdin.write('\r');
    await tick();
    expect(app.lastFrame()).toContain('gwb g> SHOW VERTEX *');
  });

  it('completes a type name with Tab from the live schema', async () => {
    const { app } = await shell(() => '__GSQL__RETURN__CODE__,0');
    app.stdin.write('SHOW VERTEX pe');
    await tick();
    app.stdin.write('\t');
    await until(() => (app.lastFrame() ?? '').includes('SHOW VERTEX person'), 'the completion');
  });
});
