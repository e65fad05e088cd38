// Schema DDL and schema-change jobs back to text.
import type {
  AttrDef,
  CreateEdge,
  CreateGraph,
  CreateSchemaChangeJob,
  CreateVertex,
  EdgeElement,
  EdgePair,
  OptionNode,
  SchemaChange,
  VertexElement,
} from '../ast/index.js';
import { formatExpr, formatType } from './expr.js';
import { indent } from './lines.js';

export function formatAttrDef(a: AttrDef): string {
  const key = a.primaryKey ? ' PRIMARY KEY' : '';
  const def = a.defaultValue === null ? '' : ` DEFAULT ${formatExpr(a.defaultValue)}`;
  return `${a.name} ${formatType(a.type)}${key}${def}`;
}

function formatVertexElement(e: VertexElement): string {
  switch (e.kind) {
    case 'PrimaryId':
      return `PRIMARY_ID ${e.name} ${formatType(e.type)}`;
    case 'CompositeKey':
      return `PRIMARY KEY (${e.attributes.join(', ')})`;
    case 'AttrDef':
      return formatAttrDef(e);
  }
}

function formatEdgeElement(e: EdgeElement): string {
  if (e.kind === 'AttrDef') return formatAttrDef(e);
  const attrs = e.attributes.map((a) =>
    a.type === null ? a.name : `${a.name} ${formatType(a.type)}`,
  );
  return `DISCRIMINATOR(${attrs.join(', ')})`;
}

export function formatOptions(options: readonly OptionNode[]): string {
  return options.map((o) => `${o.name}=${formatExpr(o.value)}`).join(', ');
}

function withClause(options: readonly OptionNode[]): string {
  return options.length === 0 ? '' : ` WITH ${formatOptions(options)}`;
}

/** The definition without CREATE / ADD, shared by both. */
function vertexDefinition(v: CreateVertex): string {
  return `VERTEX ${v.name} (${v.elements.map(formatVertexElement).join(', ')})${withClause(v.options)}`;
}

function formatPairs(pairs: readonly EdgePair[]): string {
  return pairs.map((p) => `FROM ${p.from.join('|')}, TO ${p.to.join('|')}`).join(' | ');
}

function edgeDefinition(e: CreateEdge): string {
  const pairs = formatPairs(e.pairs);
  const elements = e.elements.map((x) => `, ${formatEdgeElement(x)}`).join('');
  return `${e.directed ? 'DIRECTED' : 'UNDIRECTED'} EDGE ${e.name} (${pairs}${elements})${withClause(e.options)}`;
}

export function formatCreateVertex(v: CreateVertex): string {
  return `CREATE ${vertexDefinition(v)}`;
}

export function formatCreateEdge(e: CreateEdge): string {
  return `CREATE ${edgeDefinition(e)}`;
}

export function formatCreateGraph(g: CreateGraph): string {
  return `CREATE GRAPH ${g.name} (${g.allTypes ? '*' : g.types.join(', ')})`;
}

function formatSchemaChange(s: SchemaChange): string {
  switch (s.kind) {
    case 'AddType':
      return `ADD ${s.definition.kind === 'CreateVertex' ? vertexDefinition(s.definition) : edgeDefinition(s.definition)}`;
    case 'AddTypesToGraph':
      return `ADD ${s.what} ${s.names.join(', ')} TO GRAPH ${s.graph}`;
    case 'DropTypes':
      return `DROP ${s.what} ${s.names.join(', ')}${s.graph === null ? '' : ` FROM GRAPH ${s.graph}`}`;
    case 'AlterEdgePairs':
      return `ALTER EDGE ${s.typeName} ${s.adding ? 'ADD' : 'DROP'} PAIR (${formatPairs(s.pairs)})`;
    case 'AlterAddAttributes':
      return `ALTER ${s.what} ${s.typeName} ADD ATTRIBUTE (${s.attributes.map(formatAttrDef).join(', ')})`;
    case 'AlterDropAttributes':
      return `ALTER ${s.what} ${s.typeName} DROP ATTRIBUTE (${s.names.join(', ')})`;
    case 'AlterAddIndex':
      return `ALTER ${s.what} ${s.typeName} ADD INDEX ${s.index} ON (${s.attribute})`;
    case 'AlterDropIndex':
      return `ALTER ${s.what} ${s.typeName} DROP INDEX ${s.index}`;
  }
}

export function formatSchemaChangeJob(j: CreateSchemaChangeJob): string[] {
  const head = `CREATE ${j.global ? 'GLOBAL ' : ''}SCHEMA_CHANGE JOB ${j.name}${j.graph === null ? '' : ` FOR GRAPH ${j.graph}`} {`;
  return [head, ...indent(j.changes.map((c) => `${formatSchemaChange(c)};`)), '}'];
}
