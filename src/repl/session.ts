// The state of one REPL session, shared by the interactive app and the script runner: the
// client, the graph in use, the output settings and the schema used for completion (fetched
// with getSchema and the shell's LS, refreshed after DDL).
import type { ConnectionProfile } from '../core/client/index.js';
import { GraphClient } from '../core/client/index.js';
import type { CompletionSchema } from '../core/gsql/index.js';
import { emptyCompletionSchema, fetchCompletionSchema } from '../core/session/index.js';
import { colour, plain, type Paint } from './render/ansi.js';
import type { OutputFormat, RenderOptions } from './render/result.js';
import { Output, type Sink } from './output.js';
import { noPager, type Pager } from './pager.js';

export interface SessionOptions {
  readonly profile: ConnectionProfile;
  readonly sink: Sink;
  readonly format?: OutputFormat;
  readonly colour?: boolean;
  readonly width?: () => number;
  /** Where the connection came from, for the greeting. */
  readonly via?: string;
  /** The pager the sink uses, for `\pager on|off`. */
  readonly pager?: Pager;
}

export class Session {
  client: GraphClient;
  graph: string | undefined;
  format: OutputFormat;
  timing = false;
  readonly out: Output;
  readonly pager: Pager;
  readonly paint: Paint;
  private readonly width: () => number;
  private schema: CompletionSchema | undefined;
  private schemaLoad: Promise<CompletionSchema> | undefined;

  constructor(options: SessionOptions) {
    this.client = new GraphClient(options.profile);
    this.graph = options.profile.graph;
    this.format = options.format ?? 'table';
    this.out = new Output(options.sink);
    this.pager = options.pager ?? noPager();
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
    return this.schema ?? emptyCompletionSchema;
  }

  /** Fetches graphs, types and queries; failures leave an empty schema (completion degrades). */
  loadSchema(): Promise<CompletionSchema> {
    this.schemaLoad ??= fetchCompletionSchema(this.client, this.graph).then(
      (schema) => (this.schema = schema),
      () => (this.schema = emptyCompletionSchema),
    );
    return this.schemaLoad;
  }

  async close(): Promise<void> {
    await this.client.close();
  }
}
