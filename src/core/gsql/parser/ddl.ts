// Schema DDL: CREATE VERTEX / EDGE / GRAPH and schema-change jobs.
import type {
  AttrDef,
  CreateEdge,
  CreateGraph,
  CreateSchemaChangeJob,
  CreateVertex,
  DiscriminatorAttr,
  EdgeElement,
  EdgePair,
  OptionNode,
  SchemaChange,
  VertexElement,
} from '../ast/index.js';
import type { Token } from '../tokens.js';
import type { Cursor } from './cursor.js';
import { parseExpr } from './expr.js';
import { parseForGraph } from './query.js';
import { guarded } from './recovery.js';
import { atTypeStart, parseType } from './types.js';

/** After CREATE: `VERTEX name (...) [WITH ...]`. */
export function parseCreateVertex(c: Cursor, start: Token): CreateVertex {
  c.expect('VERTEX');
  const name = c.name('vertex type name');
  c.expect('(');
  const elements: VertexElement[] = [];
  if (!c.at(')')) {
    do elements.push(parseVertexElement(c));
    while (c.eat(','));
  }
  c.expect(')');
  const options = parseWith(c);
  return { kind: 'CreateVertex', name, elements, options, range: c.rangeFrom(start) };
}

function parseVertexElement(c: Cursor): VertexElement {
  const start = c.tok;
  if (c.eat('PRIMARY_ID')) {
    const name = c.name('attribute name');
    const type = parseType(c);
    return { kind: 'PrimaryId', name, type, range: c.rangeFrom(start) };
  }
  if (c.at('PRIMARY') && c.peekIs(1, 'KEY')) {
    c.next();
    c.next();
    c.expect('(');
    const attributes: string[] = [];
    do attributes.push(c.name('attribute name'));
    while (c.eat(','));
    c.expect(')');
    return { kind: 'CompositeKey', attributes, range: c.rangeFrom(start) };
  }
  return parseAttrDef(c, true);
}

export function parseAttrDef(c: Cursor, keyAllowed: boolean): AttrDef {
  const start = c.tok;
  const name = c.name('attribute name');
  const type = parseType(c);
  let primaryKey = false;
  if (keyAllowed && c.at('PRIMARY')) {
    c.next();
    c.expect('KEY');
    primaryKey = true;
  }
  const defaultValue = c.eat('DEFAULT') ? parseExpr(c) : null;
  return { kind: 'AttrDef', name, type, defaultValue, primaryKey, range: c.rangeFrom(start) };
}

/** Optional `WITH name="value", ...`. */
export function parseWith(c: Cursor): OptionNode[] {
  if (!c.eat('WITH')) return [];
  return parseOptions(c);
}

/** `name = value, ...` (WITH and USING lists). */
export function parseOptions(c: Cursor): OptionNode[] {
  const options: OptionNode[] = [];
  do {
    const start = c.tok;
    const name = c.name('option name');
    c.expect('=');
    const value = parseExpr(c);
    options.push({ kind: 'Option', name, value, range: c.rangeFrom(start) });
  } while (c.eat(','));
  return options;
}

/**
 * After CREATE: `[DIRECTED|UNDIRECTED] EDGE name (FROM A[|B], TO C[|D] [| FROM ...], attrs)
 * [WITH ...]`.
 */
export function parseCreateEdge(c: Cursor, start: Token): CreateEdge {
  const directed = c.eat('DIRECTED') ? true : (c.eat('UNDIRECTED'), false);
  c.expect('EDGE');
  const name = c.name('edge type name');
  c.expect('(');
  const pairs: EdgePair[] = [];
  do pairs.push(parseEdgePair(c));
  while (c.eat('|'));
  const elements: EdgeElement[] = [];
  while (c.eat(',')) {
    const elementStart = c.tok;
    if (c.eat('DISCRIMINATOR')) {
      c.expect('(');
      const attributes: DiscriminatorAttr[] = [];
      do {
        const attrStart = c.tok;
        const attr = c.name('attribute name');
        const type = atTypeStart(c) ? parseType(c) : null;
        attributes.push({
          kind: 'DiscriminatorAttr',
          name: attr,
          type,
          range: c.rangeFrom(attrStart),
        });
      } while (c.eat(','));
      c.expect(')');
      elements.push({ kind: 'Discriminator', attributes, range: c.rangeFrom(elementStart) });
    } else {
      elements.push(parseAttrDef(c, false));
    }
  }
  c.expect(')');
  const options = parseWith(c);
  return {
    kind: 'CreateEdge',
    directed,
    name,
    pairs,
    elements,
    options,
    range: c.rangeFrom(start),
  };
}

function parseEdgePair(c: Cursor): EdgePair {
  const start = c.expect('FROM');
  const from = pairEnd(c);
  c.expect(',');
  c.expect('TO');
  const to = pairEnd(c);
  return { kind: 'EdgePair', from, to, range: c.rangeFrom(start) };
}

/**
 * One end of a pair: `*`, or vertex types separated by `|`. A `|` followed by FROM starts the
 * next pair instead (`FROM A, TO B | FROM C, TO D`).
 */
function pairEnd(c: Cursor): string[] {
  if (c.eat('*')) return ['*'];
  const types = [c.name('vertex type')];
  while (c.at('|') && !c.peekIs(1, 'FROM')) {
    c.next();
    types.push(c.name('vertex type'));
  }
  return types;
}

/** After CREATE: `GRAPH name (types | *)`. */
export function parseCreateGraph(c: Cursor, start: Token): CreateGraph {
  c.expect('GRAPH');
  const name = c.name('graph name');
  c.expect('(');
  const types: string[] = [];
  const allTypes = c.eat('*');
  if (!allTypes && !c.at(')')) {
    do types.push(c.name('vertex or edge type'));
    while (c.eat(','));
  }
  c.expect(')');
  return { kind: 'CreateGraph', name, allTypes, types, range: c.rangeFrom(start) };
}

/** After CREATE [GLOBAL]: `SCHEMA_CHANGE JOB name [FOR GRAPH g] { changes }`. */
export function parseSchemaChangeJob(
  c: Cursor,
  start: Token,
  global: boolean,
): CreateSchemaChangeJob {
  c.expect('SCHEMA_CHANGE');
  c.expect('JOB');
  const name = c.name('job name');
  const graph = parseForGraph(c);
  c.expect('{');
  const changes: SchemaChange[] = [];
  for (;;) {
    while (c.eat(';'));
    if (c.at('}') || c.atEnd) break;
    const change = guarded(
      c,
      () => {
        const parsed = parseSchemaChange(c);
        c.expect(';');
        return parsed;
      },
      (t) => t.kind === 'word' && ['ADD', 'DROP', 'ALTER'].includes(t.upper),
    );
    if (change.kind !== 'Error') changes.push(change);
  }
  c.closeBlock('}');
  return { kind: 'CreateSchemaChangeJob', global, name, graph, changes, range: c.rangeFrom(start) };
}

function parseSchemaChange(c: Cursor): SchemaChange {
  const start = c.tok;
  if (c.eat('ADD')) {
    // `ADD VERTEX T (...)` defines a type; `ADD VERTEX A, B TO GRAPH g` adds existing ones.
    const withNames = (c.at('VERTEX') || c.at('EDGE')) && !c.peekIs(2, '(');
    if (withNames) {
      const what = c.next().upper === 'VERTEX' ? 'VERTEX' : 'EDGE';
      const names = typeNames(c);
      c.expect('TO');
      c.expect('GRAPH');
      const graph = c.name('graph name');
      return { kind: 'AddTypesToGraph', what, names, graph, range: c.rangeFrom(start) };
    }
    const definition = c.at('VERTEX') ? parseCreateVertex(c, start) : parseCreateEdge(c, start);
    return { kind: 'AddType', definition, range: c.rangeFrom(start) };
  }
  if (c.eat('DROP')) {
    const what = c.eat('VERTEX') ? 'VERTEX' : (c.expect('EDGE'), 'EDGE');
    const names = typeNames(c);
    let graph: string | null = null;
    if (c.eat('FROM')) {
      c.expect('GRAPH');
      graph = c.name('graph name');
    }
    return { kind: 'DropTypes', what, names, graph, range: c.rangeFrom(start) };
  }
  c.expect('ALTER');
  const what = c.eat('VERTEX') ? 'VERTEX' : (c.expect('EDGE'), 'EDGE');
  const typeName = c.name('type name');
  const adding = c.eat('ADD') || (c.expect('DROP'), false);
  if (what === 'EDGE' && c.eat('PAIR')) {
    c.expect('(');
    const pairs: EdgePair[] = [];
    do pairs.push(parseEdgePair(c));
    while (c.eat('|'));
    c.expect(')');
    return { kind: 'AlterEdgePairs', adding, typeName, pairs, range: c.rangeFrom(start) };
  }
  if (c.eat('INDEX')) {
    const index = c.name('index name');
    if (!adding)
      return { kind: 'AlterDropIndex', what, typeName, index, range: c.rangeFrom(start) };
    c.expect('ON');
    c.expect('(');
    const attribute = c.name('attribute name');
    c.expect(')');
    return { kind: 'AlterAddIndex', what, typeName, index, attribute, range: c.rangeFrom(start) };
  }
  c.expect('ATTRIBUTE');
  c.expect('(');
  if (adding) {
    const attributes: AttrDef[] = [];
    do attributes.push(parseAttrDef(c, false));
    while (c.eat(','));
    c.expect(')');
    return { kind: 'AlterAddAttributes', what, typeName, attributes, range: c.rangeFrom(start) };
  }
  const names: string[] = [];
  do names.push(c.name('attribute name'));
  while (c.eat(','));
  c.expect(')');
  return { kind: 'AlterDropAttributes', what, typeName, names, range: c.rangeFrom(start) };
}

function typeNames(c: Cursor): string[] {
  const names: string[] = [];
  do names.push(c.name('type name'));
  while (c.eat(','));
  return names;
}
