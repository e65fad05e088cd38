// The side panel: the schema of the graph in use (vertex and edge types with their attributes)
// and its installed queries, each one click from a new cell: a type opens a GSQL cell that shows
// a few of its vertices (or edges), a query opens an installed-query cell with its form.
import type { CompletionSchema } from '../../core/gsql/index.js';
import { button, el } from './dom.js';

export interface SidePanelHost {
  /** Adds a GSQL cell with this text at the end and runs nothing. */
  addGsqlCell(source: string): void;
  /** Adds an installed-query cell with this query chosen. */
  addQueryCell(query: string): void;
}

/** A GSQL cell that samples a vertex type. */
export function vertexSample(graph: string, type: string): string {
  return [
    `INTERPRET QUERY () FOR GRAPH ${graph} {`,
    `  S = {${type}.*};`,
    '  R = SELECT s FROM S:s LIMIT 10;',
    '  PRINT R;',
    '}',
  ].join('\n');
}

/** A GSQL cell that samples an edge type with its end vertices. */
export function edgeSample(graph: string, type: string): string {
  return [
    `INTERPRET QUERY () FOR GRAPH ${graph} {`,
    '  SetAccum<EDGE> @@edges;',
    '  S = {ANY};',
    `  R = SELECT t FROM S:s -(${type}:e)- :t ACCUM @@edges += e LIMIT 10;`,
    '  PRINT R, @@edges;',
    '}',
  ].join('\n');
}

function section(title: string, testId: string, items: HTMLElement[], empty: string) {
  return el(
    'section',
    { class: 'gwb-side-section', 'data-testid': testId },
    el('h3', {}, title),
    items.length > 0 ? el('ul', {}, ...items) : el('p', { class: 'gwb-muted' }, empty),
  );
}

function typeItem(
  kind: 'vertex' | 'edge',
  type: { name: string; attributes: readonly string[] },
  open: () => void,
): HTMLElement {
  return el(
    'li',
    { 'data-testid': `side-${kind}-${type.name}` },
    button(
      type.name,
      { class: `gwb-side-item gwb-${kind}`, title: `Open ${type.name} in a cell` },
      open,
    ),
    type.attributes.length > 0
      ? el('span', { class: 'gwb-side-attrs' }, type.attributes.join(', '))
      : undefined,
  );
}

/** Renders the panel for `graph` (nothing to show without one). */
export function renderSidePanel(
  container: HTMLElement,
  graph: string | undefined,
  schema: CompletionSchema,
  host: SidePanelHost,
): void {
  if (graph === undefined) {
    container.replaceChildren(
      el('p', { class: 'gwb-muted' }, 'Choose a graph to see its types and queries.'),
    );
    return;
  }
  container.replaceChildren(
    el('h2', {}, graph),
    section(
      'Vertex types',
      'side-vertex-types',
      schema.vertexTypes.map((t) =>
        typeItem('vertex', t, () => host.addGsqlCell(vertexSample(graph, t.name))),
      ),
      'none',
    ),
    section(
      'Edge types',
      'side-edge-types',
      schema.edgeTypes.map((t) =>
        typeItem('edge', t, () => host.addGsqlCell(edgeSample(graph, t.name))),
      ),
      'none',
    ),
    section(
      'Queries',
      'side-queries',
      schema.queries.map((q) =>
        el(
          'li',
          { 'data-testid': `side-query-${q}` },
          button(q, { class: 'gwb-side-item gwb-query', title: `Run ${q} from a form` }, () =>
            host.addQueryCell(q),
          ),
        ),
      ),
      'none installed',
    ),
  );
}
