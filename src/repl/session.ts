// The state of one REPL session, shared by the interactive app and the script runner: the
// client, the graph in use, the output settings and the schema used for completion (fetched
// with getSchema and the shell's LS, refreshed after DDL).
import type { ConnectionProfile } from '../core/client/index.js';
import { GraphClient } from '../core/client/index.js';
import type { CompletionSchema } from '../core/gsql/index.js';
import { colour, plain, type Paint } from './render/ansi.js';
import type { OutputFormat, RenderOptions } from './render/result.js';
import { Output, type Sink } from './output.js';

export interface SessionOptions {
  readonly profile: ConnectionProfile;
  readonly sink: Sink;
  readonly format?: OutputFormat;
  readonly colour?: boolean;
  readonly width?: () => number;
  /** Where the connection came from, for the greeting. */
  readonly via?: string;
}

const emptySchema: CompletionSchema = { graphs: [], vertexTypes: [], edgeTypes: [], queries: [] };

export class Session {
  client: GraphClient;
  graph: string | undefined;
  format: OutputFormat;
  timing = false;
  readonly out: Output;
  readonly paint: Paint;
  private readonly width: () => number;
  private schema: CompletionSchema | undefined;
  private schemaLoad: Promise<CompletionSchema> | undefined;

  constructor(options: SessionOptions) {
    this.client = new GraphClient(options.profile);
    this.graph = options.profile.graph;
    this.format = options.format ?? 'table';
    this.out = new Output(options.sink);
    this.paint = options.colour === true ? colour : plain;
    this.width = options.width ?? (() => 100);
  }

  /** A client on the graph in use (or the profile's default when none is chosen). */
  get graphClient(): GraphClient {
    return this.graph === undefined ? this.client : this.client.withGraph(this.graph);
  }

  renderOptions(): RenderOptions {
    return { format: this.format, width: Math.max(20, this.width()), paint: this.paint };
  }

  /** Switches to another server; the old client's connections are closed. */
  async reconnect(profile: ConnectionProfile): Promise<void> {
    const old = this.client;
    this.client = new GraphClient(profile);
    this.graph = profile.graph;
    this.invalidateSchema();
    await old.close();
  }

  useGraph(graph: string | undefined): void {
    this.graph = graph;
    this.invalidateSchema();
  }

  invalidateSchema(): void {
    this.schema = undefined;
    this.schemaLoad = undefined;
  }

  /** The schema as completion wants it; the last known one while a refresh runs. */
  completionSchema(): CompletionSchema {
    if (this.schema === undefined) void this.loadSchema();
    return this.schema ?? emptySchema;
  }

  /** Fetches graphs, types and queries; failures leave an empty schema (completion degrades). */
  loadSchema(): Promise<CompletionSchema> {
    this.schemaLoad ??= fetchSchema(this).then(
      (schema) => (this.schema = schema),
      () => (this.schema = emptySchema),
    );
    return this.schemaLoad;
  }

  async close(): Promise<void> {
    await this.client.close();
  }
}

/** Query names from the shell's LS output ("Queries:" then "  - name(params)" lines). */
export function queriesFromLs(output: string): string[] {
  const names: string[] = [];
  let inQueries = false;
  for (const line of output.split('\n')) {
    if (/^\S.*:\s*$/.test(line)) inQueries = line.trim() === 'Queries:';
    else if (inQueries) {
      const match = /^\s*-\s*([A-Za-z_][\w]*)/.exec(line);
      if (match?.[1]) names.push(match[1]);
    }
  }
  return names;
}

async function fetchSchema(session: Session): Promise<CompletionSchema> {
  const client = session.client;
  const graphs = (await client.call('getGraphs')).graphs.map((g) => g.graphName);
  const graph = session.graph;
  if (graph === undefined || !graphs.includes(graph)) return { ...emptySchema, graphs };
  const [schema, ls] = await Promise.all([
    client.getSchema({ graph }),
    client.gsql(`USE GRAPH ${graph}\nLS`).catch(() => undefined),
  ]);
  const types = (list: unknown) =>
    Array.isArray(list)
      ? (list as { Name: string; Attributes: { AttributeName: string }[] }[]).map((t) => ({
          name: t.Name,
          attributes: t.Attributes.map((a) => a.AttributeName),
        }))
      : [];
  const s = schema as { VertexTypes?: unknown; EdgeTypes?: unknown };
  return {
    graphs,
    vertexTypes: types(s.VertexTypes),
    edgeTypes: types(s.EdgeTypes),
    queries: ls?.ok ? queriesFromLs(ls.output) : [],
  };
}
