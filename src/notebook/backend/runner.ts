// Runs a notebook cell through src/core, never the engine: GSQL cells statement by statement in
// the shell channel (as the REPL does), installed-query cells through the query operation with a
// JSON body, path cells through the path operations. A run can be stopped: its HTTP requests are
// cancelled and the server is asked to abort the query it started.
import { GraphError } from '../../core/errors.js';
import type { GraphClient } from '../../core/client/index.js';
import { abortRunningQuery, runStatement, splitForShell } from '../../core/session/index.js';
import { sourceText, type CellEdit, type CellOutput, type CellRun } from '../format/notebook.js';
import type { RunAnswer } from '../protocol.js';
import { NotebookError } from './errors.js';

interface Running {
  readonly controller: AbortController;
  readonly graph: string | undefined;
  /** What to look for in the process list when stopping (query name or `interpret`). */
  hint: string | undefined;
  readonly requestIds: string[];
}

function errorOutput(error: unknown): CellOutput {
  if (error instanceof GraphError || error instanceof NotebookError) {
    return { kind: 'error', code: String(error.code), message: error.message };
  }
  return { kind: 'error', code: 'GWB-NOTEBOOK', message: String(error) };
}

function record(value: unknown, what: string): Record<string, unknown> {
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
    return value as Record<string, unknown>;
  }
  throw new NotebookError('GWB-NOTEBOOK-REQUEST', `${what} must be an object`);
}

export class CellRunner {
  private readonly running = new Map<string, Running>();

  constructor(private readonly client: () => GraphClient) {}

  isRunning(cellId: string): boolean {
    return this.running.has(cellId);
  }

  async run(cell: CellEdit, graph: string | undefined): Promise<RunAnswer> {
    if (this.running.has(cell.id)) {
      throw new NotebookError('GWB-NOTEBOOK-REQUEST', `cell ${cell.id} is already running`);
    }
    const state: Running = {
      controller: new AbortController(),
      graph,
      hint: undefined,
      requestIds: [],
    };
    this.running.set(cell.id, state);
    const started = performance.now();
    let outputs: CellOutput[] = [];
    let after = graph;
    let changesSchema = false;
    try {
      const result = await this.dispatch(cell, graph, state);
      outputs = result.outputs;
      after = result.graph;
      changesSchema = result.changesSchema;
    } catch (error) {
      outputs = [...outputs, errorOutput(error)];
    } finally {
      this.running.delete(cell.id);
    }
    const aborted = state.controller.signal.aborted;
    const failed = outputs.some((o) => o.kind === 'error');
    const run: CellRun = {
      status: aborted ? 'aborted' : failed ? 'error' : 'ok',
      ms: Math.round((performance.now() - started) * 10) / 10,
      at: new Date().toISOString(),
      ...(state.requestIds.length > 0 ? { requestIds: state.requestIds } : {}),
      ...(graph !== undefined ? { graph } : {}),
    };
    return { outputs, run, graph: after, changesSchema };
  }

  /** Stops a running cell; answers the aborted request ids the server reported. */
  async stop(cellId: string): Promise<string[]> {
    const state = this.running.get(cellId);
    if (!state) return [];
    // The server is asked first: once the client stops waiting, the server may already have
    // ended the run for the disconnect, and /abortquery would then report nothing aborted.
    try {
      if (state.hint === undefined) return [];
      return await abortRunningQuery(this.client(), state.graph, '', state.hint);
    } finally {
      state.controller.abort();
    }
  }

  private options(state: Running) {
    return {
      signal: state.controller.signal,
      onAnswer: (a: { requestId?: string }) => {
        if (a.requestId !== undefined) state.requestIds.push(a.requestId);
      },
    };
  }

  private async dispatch(cell: CellEdit, graph: string | undefined, state: Running) {
    const client = this.client();
    switch (cell.kind) {
      case 'markdown':
        return { outputs: [], graph, changesSchema: false };
      case 'gsql':
        return this.runGsql(sourceText(cell.source), graph, state);
      case 'query': {
        const params = record(cell.parameters ?? {}, 'the query cell parameters');
        const name = params.query;
        if (typeof name !== 'string' || name === '') {
          throw new NotebookError('GWB-NOTEBOOK-REQUEST', 'choose an installed query to run');
        }
        if (graph === undefined) {
          throw new NotebookError('GWB-NOTEBOOK-REQUEST', 'choose a graph first');
        }
        state.hint = `/${name}`;
        const args = record(params.args ?? {}, 'the query arguments');
        const results = await client.runQuery(name, args, {
          ...this.options(state),
          graph,
          method: 'POST',
        });
        const output: CellOutput = { kind: 'results', results, label: `RUN QUERY ${name}` };
        return { outputs: [output], graph, changesSchema: false };
      }
      case 'path':
        return { outputs: [await this.runPath(cell, graph, state)], graph, changesSchema: false };
    }
  }

  private async runGsql(text: string, graph: string | undefined, state: Running) {
    const outputs: CellOutput[] = [];
    let current = graph;
    let changesSchema = false;
    for (const statement of splitForShell(text)) {
      if (state.controller.signal.aborted) break;
      state.hint = /^(RunQuery|InterpretBlock)$/.test(statement.kind)
        ? (/^\s*RUN\s+QUERY\s+([A-Za-z_]\w*)/i.exec(statement.text)?.[1] ?? 'interpret')
        : undefined;
      if (state.hint !== undefined && state.hint !== 'interpret') state.hint = `/${state.hint}`;
      const run = await runStatement(
        this.client(),
        current,
        statement,
        state.controller.signal,
      ).catch((error: unknown) => {
        // Cancelled by stop(): the abort of the server-side query is stop()'s job.
        if (state.controller.signal.aborted) return undefined;
        throw error;
      });
      if (run === undefined) break;
      current = run.graph;
      changesSchema ||= run.changesSchema;
      const outcome = run.outcome;
      if (outcome.kind === 'error') {
        // Lines in the message count from the statement; the editor counts from the cell.
        const at = statement.range.start;
        const line = outcome.line === undefined ? undefined : outcome.line + at.line - 1;
        const column =
          outcome.column === undefined
            ? undefined
            : outcome.line === 1
              ? outcome.column + at.column - 1
              : outcome.column;
        outputs.push({
          kind: 'error',
          code: outcome.code,
          message: outcome.message,
          ...(line !== undefined ? { line } : {}),
          ...(column !== undefined ? { column } : {}),
        });
        break;
      }
      if (outcome.kind === 'results') {
        const label = statement.text.trim().split('\n')[0]?.slice(0, 80) ?? '';
        outputs.push({ kind: 'results', results: outcome.results, label });
      } else if (outcome.text !== '') {
        outputs.push({ kind: 'text', text: outcome.text });
      }
    }
    return { outputs, graph: current, changesSchema };
  }

  private async runPath(cell: CellEdit, graph: string | undefined, state: Running) {
    if (graph === undefined)
      throw new NotebookError('GWB-NOTEBOOK-REQUEST', 'choose a graph first');
    const p = record(cell.parameters ?? {}, 'the path cell parameters');
    const body = {
      source: p.source,
      target: p.target,
      ...(p.maxLength !== undefined ? { maxLength: p.maxLength } : {}),
      ...(p.vertexFilters !== undefined ? { vertexFilters: p.vertexFilters } : {}),
      ...(p.edgeFilters !== undefined ? { edgeFilters: p.edgeFilters } : {}),
    };
    const client = this.client();
    const options = { ...this.options(state), graph };
    if (p.mode === 'all') {
      const results = await client.allPaths(
        { ...body, maxLength: typeof p.maxLength === 'number' ? p.maxLength : 3 } as never,
        options,
      );
      return { kind: 'results', results, label: 'all paths' } satisfies CellOutput;
    }
    const results = await client.shortestPath(
      { ...body, ...(p.mode === 'allShortest' ? { allShortestPaths: true } : {}) } as never,
      options,
    );
    return { kind: 'results', results, label: 'shortest path' } satisfies CellOutput;
  }
}
