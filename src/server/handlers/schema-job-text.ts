// Schema-change jobs as GSQL text, the form the catalog keeps (the shell's LS and SHOW JOB print
// it; the service lists jobs as their text too). JSON jobs are written as the equivalent text
// (as the service does: server-docs "get schema change jobs" shows a JSON-created job as text);
// a job's text is parsed into steps to check, run or show as JSON. A global JSON job's graph
// changes are written as `ADD VERTEX a, b TO GRAPH g;` and `DROP EDGE e FROM GRAPH g;`.
import type { SchemaChange } from '../../core/gsql/index.js';
import { edgeDdl, vertexDdl } from '../engine/catalog/ddl-text.js';
import { CatalogError } from '../engine/catalog/errors.js';
import {
  attributeFromJson,
  edgeDefFromJson,
  vertexDefFromJson,
} from '../engine/catalog/from-json.js';
import type { AttributeDef } from '../engine/catalog/types.js';
import { typeText } from '../engine/catalog/types.js';
import { outputValue } from '../engine/values.js';
import { parseStatements } from './schema-common.js';

export type JobStep = SchemaChange;

export interface ParsedJob {
  readonly name: string;
  readonly global: boolean;
  /** FOR GRAPH g, when the text names it. */
  readonly graph: string | null;
  readonly steps: readonly JobStep[];
}

interface AlterJson {
  readonly name: string;
  readonly addAttributes?: readonly unknown[] | undefined;
  readonly dropAttributes?: readonly string[] | undefined;
  readonly addIndexAttributes?:
    readonly { readonly indexName: string; readonly attributeName: string }[] | undefined;
  readonly dropIndexAttributes?: readonly unknown[] | undefined;
}

/** The change body of a local job and of POST /schema/change. */
export interface ChangeJson {
  readonly addVertexTypes?: readonly unknown[] | undefined;
  readonly dropVertexTypes?: readonly string[] | undefined;
  readonly alterVertexTypes?: readonly AlterJson[] | undefined;
  readonly addEdgeTypes?: readonly unknown[] | undefined;
  readonly dropEdgeTypes?: readonly string[] | undefined;
  readonly alterEdgeTypes?: readonly AlterJson[] | undefined;
  readonly [key: string]: unknown;
}

/** One graph's part of a global JSON job. */
export interface GraphChangeJson {
  readonly graphName: string;
  readonly addVertexTypes?: readonly string[] | undefined;
  readonly dropVertexTypes?: readonly string[] | undefined;
  readonly addEdgeTypes?: readonly string[] | undefined;
  readonly dropEdgeTypes?: readonly string[] | undefined;
}

const identifier = /^[A-Za-z_][A-Za-z0-9_]*$/;

function names(list: readonly string[] | undefined, where: string): string[] {
  return (list ?? []).map((name, i) => {
    if (!identifier.test(name)) {
      throw new CatalogError('SCHEMA-INVALID', `${where}[${i}]: "${name}" is not a valid name`);
    }
    return name;
  });
}

/** An attribute as GSQL declares it: `name TYPE [DEFAULT value]`. */
function attributeText(attr: AttributeDef): string {
  const base = `${attr.name} ${typeText(attr.type)}`;
  if (attr.defaultValue === undefined) return base;
  const value = outputValue(attr.type, attr.defaultValue);
  return `${base} DEFAULT ${typeof value === 'string' ? JSON.stringify(value) : String(value)}`;
}

function indexName(item: unknown, where: string): string {
  const name =
    typeof item === 'string'
      ? item
      : typeof item === 'object' && item !== null
        ? (item as Record<string, unknown>).indexName
        : undefined;
  if (typeof name !== 'string' || !identifier.test(name)) {
    throw new CatalogError('SCHEMA-INVALID', `${where}: expected an index name or {indexName}`);
  }
  return name;
}

function alterStatements(kind: 'VERTEX' | 'EDGE', alters: readonly AlterJson[], where: string) {
  return alters.flatMap((alter, i) => {
    const at = `${where}[${i}]`;
    const [type] = names([alter.name], `${at}.name`);
    const head = `ALTER ${kind} ${type ?? ''}`;
    const out: string[] = [];
    (alter.dropIndexAttributes ?? []).forEach((item, j) => {
      out.push(`${head} DROP INDEX ${indexName(item, `${at}.dropIndexAttributes[${j}]`)}`);
    });
    const dropped = names(alter.dropAttributes, `${at}.dropAttributes`);
    if (dropped.length > 0) out.push(`${head} DROP ATTRIBUTE (${dropped.join(', ')})`);
    const added = (alter.addAttributes ?? []).map((a, j) =>
      attributeFromJson(a, `${at}.addAttributes[${j}]`),
    );
    if (added.length > 0)
      out.push(`${head} ADD ATTRIBUTE (${added.map(attributeText).join(', ')})`);
    (alter.addIndexAttributes ?? []).forEach((item, j) => {
      const [index, attribute] = names(
        [item.indexName, item.attributeName],
        `${at}.addIndexAttributes[${j}]`,
      );
      out.push(`${head} ADD INDEX ${index ?? ''} ON (${attribute ?? ''})`);
    });
    return out;
  });
}

/** The statements of a JSON change: drops first, then additions, then alterations. */
export function changeStatements(body: ChangeJson): string[] {
  for (const tags of ['addTags', 'dropTags']) {
    const value = body[tags];
    if (Array.isArray(value) && value.length > 0) {
      throw new CatalogError('SCHEMA-INVALID', `${tags}: tags are not supported`);
    }
  }
  const out: string[] = [];
  const dropEdges = names(body.dropEdgeTypes, 'dropEdgeTypes');
  if (dropEdges.length > 0) out.push(`DROP EDGE ${dropEdges.join(', ')}`);
  const dropVertices = names(body.dropVertexTypes, 'dropVertexTypes');
  if (dropVertices.length > 0) out.push(`DROP VERTEX ${dropVertices.join(', ')}`);
  (body.addVertexTypes ?? []).forEach((item, i) => {
    out.push(`ADD ${vertexDdl(vertexDefFromJson(item, { where: `addVertexTypes[${i}]` }))}`);
  });
  (body.addEdgeTypes ?? []).forEach((item, i) => {
    out.push(`ADD ${edgeDdl(edgeDefFromJson(item, { where: `addEdgeTypes[${i}]` }))}`);
  });
  out.push(...alterStatements('VERTEX', body.alterVertexTypes ?? [], 'alterVertexTypes'));
  out.push(...alterStatements('EDGE', body.alterEdgeTypes ?? [], 'alterEdgeTypes'));
  return out;
}

/** The statements of a global JSON job: per graph, drops from it, then additions to it. */
export function graphStatements(graphs: readonly GraphChangeJson[]): string[] {
  return graphs.flatMap((g, i) => {
    const at = `graphs[${i}]`;
    const [graph] = names([g.graphName], `${at}.graphName`);
    const parts: [string, readonly string[] | undefined, string][] = [
      ['DROP EDGE', g.dropEdgeTypes, 'dropEdgeTypes'],
      ['DROP VERTEX', g.dropVertexTypes, 'dropVertexTypes'],
      ['ADD VERTEX', g.addVertexTypes, 'addVertexTypes'],
      ['ADD EDGE', g.addEdgeTypes, 'addEdgeTypes'],
    ];
    return parts.flatMap(([verb, list, field]) => {
      const listed = names(list, `${at}.${field}`);
      const link = verb.startsWith('ADD') ? 'TO' : 'FROM';
      return listed.length === 0
        ? []
        : [`${verb} ${listed.join(', ')} ${link} GRAPH ${graph ?? ''}`];
    });
  });
}

/** The job's GSQL text, one statement per line. */
export function jobText(name: string, graph: string | null, statements: readonly string[]): string {
  if (!identifier.test(name)) {
    throw new CatalogError('SCHEMA-INVALID', `"${name}" is not a valid job name`);
  }
  const head =
    graph === null
      ? `CREATE GLOBAL SCHEMA_CHANGE JOB ${name}`
      : `CREATE SCHEMA_CHANGE JOB ${name} FOR GRAPH ${graph}`;
  return `${head} {\n${statements.map((s) => `  ${s};\n`).join('')}}`;
}

/** Parses a CREATE [GLOBAL] SCHEMA_CHANGE JOB statement into its steps, in text order. */
export function parseJob(text: string, where: string): ParsedJob {
  const statements = parseStatements(text, ['CreateSchemaChangeJob'], where);
  const node = statements[0];
  if (statements.length !== 1 || !node) {
    throw new CatalogError('SCHEMA-INVALID', `${where}: give exactly one schema change job`);
  }
  return { name: node.name, global: node.global, graph: node.graph, steps: node.changes };
}
