// The Graph tab: the vertices and edges of a result drawn by cytoscape.js with its built-in
// `cose` force layout. Vertices are coloured and captioned per type (chosen in the legend, see
// graph-style.ts; a name-like attribute or the id by default), edges labelled by type
// (arrows when directed). Clicking an element lists it in a side panel (text nodes only: labels
// on the canvas are drawn, never parsed, but the panel is DOM). "Expand" asks the app for a
// vertex's neighbourhood and merges it in. Big results wait for the user before drawing.
import cytoscape from 'cytoscape';
import { cellText } from '../../../core/results/index.js';
import type { GraphEdge, GraphElements, GraphVertex, VertexRef } from './graph-elements.js';
import { assignTypeColors, extractGraph, mergeGraph, vertexKey } from './graph-elements.js';
import { layoutPlan } from './layout-plan.js';
import { captionChoices, captionFor, captionText, setTypeStyle, typeStyle } from './graph-style.js';
import { el } from './node.js';

/** Fetches a vertex's neighbourhood, shaped like a path-search result ({vertices, edges}). */
export type ExpandVertex = (vertex: VertexRef) => Promise<unknown[]>;

export interface GraphViewOptions {
  readonly onExpand?: ExpandVertex;
  /** Above this many elements the user confirms before drawing (default 5,000). */
  readonly confirmAbove?: number;
  /** Told when the graph is drawn (e.g. to enable the PNG export). */
  readonly onDrawn?: () => void;
}

export interface GraphView {
  readonly element: HTMLElement;
  /** Whether the canvas exists (false while waiting for the "draw anyway" confirmation). */
  isDrawn(): boolean;
  /** The whole graph as a PNG on white, downloaded as `filename`. */
  exportPng(filename: string, download: (filename: string, blob: Blob) => void): void;
  dispose(): void;
}

function count(n: number): string {
  return n.toLocaleString('en-US');
}

/** Each type's caption attribute ('id' or an attribute name), as chosen or defaulted. */
type Captions = ReadonlyMap<string, string>;

function vertexData(
  key: string,
  v: GraphVertex,
  color: string,
  captions: Captions,
): cytoscape.ElementDefinition {
  const label = captionText(v, captions.get(v.type) ?? 'id');
  return { group: 'nodes', data: { id: key, label, type: v.type, color, bare: v.bare } };
}

function colourOf(colours: ReadonlyMap<string, string>, type: string): string {
  return typeStyle(type).color ?? colours.get(type) ?? '#888888';
}

function edgeData(key: string, e: GraphEdge): cytoscape.ElementDefinition {
  return {
    group: 'edges',
    data: {
      id: key,
      source: vertexKey(e.from),
      target: vertexKey(e.to),
      label: e.type,
      directed: e.directed,
    },
  };
}

function captionsOf(graph: GraphElements): Captions {
  const types = new Set([...graph.vertices.values()].map((v) => v.type));
  return new Map([...types].map((t) => [t, captionFor(t, graph.vertices.values())]));
}

function elementsOf(
  graph: GraphElements,
  colours: ReadonlyMap<string, string>,
): cytoscape.ElementDefinition[] {
  const out: cytoscape.ElementDefinition[] = [];
  const captions = captionsOf(graph);
  for (const [key, v] of graph.vertices) {
    out.push(vertexData(key, v, colourOf(colours, v.type), captions));
  }
  for (const [key, e] of graph.edges) out.push(edgeData(key, e));
  return out;
}

/** The layout for `nodes` vertices (see layout-plan.ts for why big graphs get fewer iterations). */
function layoutOptions(nodes: number, randomize: boolean): cytoscape.LayoutOptions {
  const plan = layoutPlan(nodes);
  if (plan.name === 'grid') {
    // Grouped by type so each colour forms a block.
    return {
      name: 'grid',
      fit: true,
      padding: 24,
      sort: (a: cytoscape.NodeSingular, b: cytoscape.NodeSingular) =>
        String(a.data('type')).localeCompare(String(b.data('type'))),
    };
  }
  return {
    name: 'cose',
    animate: plan.animate,
    refresh: plan.refresh,
    randomize,
    // cose would fit the view on every animation frame (measuring every label each time);
    // runLayout fits once when the layout stops.
    fit: false,
    padding: 24,
    numIter: plan.numIter,
    nodeDimensionsIncludeLabels: nodes <= 500,
    idealEdgeLength: () => 80,
    nodeRepulsion: () => 400_000,
  };
}

const style: cytoscape.StylesheetJson = [
  {
    selector: 'node',
    style: {
      'background-color': 'data(color)',
      label: 'data(label)',
      width: 22,
      height: 22,
      'font-size': 10,
      color: '#24292f',
      'text-valign': 'bottom',
      'text-margin-y': 3,
      'text-max-width': '120px',
      'text-wrap': 'ellipsis',
      'min-zoomed-font-size': 6,
    },
  },
  // Seen only as an edge endpoint: its attributes are unknown until expanded.
  { selector: 'node[?bare]', style: { 'background-opacity': 0.45 } },
  { selector: 'node:selected', style: { 'border-width': 3, 'border-color': '#24292f' } },
  {
    selector: 'edge',
    style: {
      width: 1.5,
      'line-color': '#a0a7b0',
      'curve-style': 'bezier',
      label: 'data(label)',
      'font-size': 8,
      color: '#57606a',
      'text-rotation': 'autorotate',
      'text-background-color': '#ffffff',
      'text-background-opacity': 0.8,
      'text-background-padding': '1px',
      'min-zoomed-font-size': 7,
    },
  },
  {
    selector: 'edge[?directed]',
    style: { 'target-arrow-shape': 'triangle', 'target-arrow-color': '#a0a7b0' },
  },
  {
    selector: 'edge:selected',
    style: { 'line-color': '#24292f', 'target-arrow-color': '#24292f', width: 2.5 },
  },
];

/** The closest a fitted layout zooms in: labels stay at their designed size or a bit above. */
const maxFitZoom = 1.25;

export function createGraphView(
  container: HTMLElement,
  initial: GraphElements,
  options: GraphViewOptions = {},
): GraphView {
  const confirmAbove = options.confirmAbove ?? 5_000;
  let model = initial;
  let colours = assignTypeColors([...model.vertices.values()].map((v) => v.type));
  let cy: cytoscape.Core | undefined;
  let resize: ResizeObserver | undefined;
  let layout: cytoscape.Layouts | undefined;
  /** The element shown in the panel, to refresh it after an expansion. */
  let selected: { kind: 'vertex' | 'edge'; key: string } | undefined;

  const root = el('div', 'gwb-out-graph');
  const main = el('div', 'gwb-out-graph-main');
  const canvas = el('div', 'gwb-out-graph-canvas');
  canvas.dataset.testid = 'graph-canvas';
  const panel = el('aside', 'gwb-out-vertex-panel');
  panel.dataset.testid = 'vertex-panel';
  panel.hidden = true;
  const legend = el('div', 'gwb-out-graph-legend');
  main.append(canvas, panel);
  root.append(main, legend);
  container.append(root);

  /** Draws the vertices of one type again with its chosen caption and colour. */
  function restyle(type: string): void {
    if (cy === undefined) return;
    const core = cy;
    const captions = captionsOf(model);
    const color = colourOf(colours, type);
    core.batch(() => {
      for (const [key, v] of model.vertices) {
        if (v.type !== type) continue;
        core.getElementById(key).data({ label: captionText(v, captions.get(type) ?? 'id'), color });
      }
    });
  }

  function renderLegend(): void {
    const byType = new Map<string, number>();
    for (const v of model.vertices.values()) byType.set(v.type, (byType.get(v.type) ?? 0) + 1);
    const items = [...byType].map(([type, n]) => {
      const item = el('span', 'gwb-out-legend-item');
      item.dataset.testid = `legend-${type}`;
      // The swatch is a colour picker; the caption picker names what each vertex shows.
      const swatch = document.createElement('input');
      swatch.type = 'color';
      swatch.className = 'gwb-out-legend-swatch';
      swatch.title = `Colour of ${type}`;
      swatch.value = colourOf(colours, type);
      swatch.dataset.testid = `legend-colour-${type}`;
      swatch.addEventListener('input', () => {
        setTypeStyle(type, { color: swatch.value });
        restyle(type);
      });
      const caption = document.createElement('select');
      caption.className = 'gwb-out-legend-caption';
      caption.title = `Caption of ${type}`;
      caption.dataset.testid = `legend-caption-${type}`;
      const current = captionFor(type, model.vertices.values());
      for (const choice of captionChoices(model.vertices.values(), type)) {
        const option = document.createElement('option');
        option.value = choice;
        option.textContent = choice;
        option.selected = choice === current;
        caption.append(option);
      }
      caption.addEventListener('change', () => {
        setTypeStyle(type, { caption: caption.value });
        restyle(type);
      });
      item.append(
        swatch,
        el('span', '', `${type === '' ? '(unknown type)' : type} ${count(n)}`),
        caption,
      );
      return item;
    });
    if (layoutPlan(model.vertices.size).name === 'grid') {
      items.push(
        el('span', 'gwb-out-legend-note', 'Grid layout: too many vertices for the force layout.'),
      );
    }
    items.push(
      el(
        'span',
        'gwb-out-legend-total',
        `${count(model.vertices.size)} vertices, ${count(model.edges.size)} edges`,
      ),
    );
    legend.replaceChildren(...items);
  }

  function row(list: HTMLElement, name: string, value: unknown): void {
    list.append(el('dt', '', name), el('dd', '', cellText(value)));
  }

  function showPanel(): void {
    if (selected === undefined) {
      panel.hidden = true;
      return;
    }
    const close = el('button', 'gwb-out-panel-close', '×');
    close.type = 'button';
    close.setAttribute('aria-label', 'Close');
    close.addEventListener('click', () => {
      selected = undefined;
      cy?.elements().unselect();
      showPanel();
    });
    const list = el('dl', 'gwb-out-panel-attributes');
    const parts: HTMLElement[] = [close];
    if (selected.kind === 'vertex') {
      const v = model.vertices.get(selected.key);
      if (v === undefined) return;
      parts.push(el('h4', 'gwb-out-panel-title', 'Vertex'));
      row(list, 'type', v.type);
      row(list, 'id', v.id);
      for (const [name, value] of Object.entries(v.attributes)) row(list, name, value);
      parts.push(list);
      if (v.bare)
        parts.push(el('p', 'gwb-out-panel-note', 'Not printed by the query: attributes unknown.'));
      if (options.onExpand !== undefined) parts.push(...expandControls(v, options.onExpand));
    } else {
      const e = model.edges.get(selected.key);
      if (e === undefined) return;
      parts.push(el('h4', 'gwb-out-panel-title', 'Edge'));
      row(list, 'type', e.type);
      row(list, 'from', `${e.from.type}:${e.from.id}`);
      row(list, 'to', `${e.to.type}:${e.to.id}`);
      row(list, 'directed', e.directed);
      for (const [name, value] of Object.entries(e.attributes)) row(list, name, value);
      parts.push(list);
    }
    panel.replaceChildren(...parts);
    panel.hidden = false;
  }

  function expandControls(v: GraphVertex, onExpand: ExpandVertex): HTMLElement[] {
    const button = el('button', 'gwb-out-button', 'Expand neighbours');
    button.type = 'button';
    button.dataset.testid = 'expand-vertex';
    const status = el('p', 'gwb-out-panel-status');
    status.setAttribute('role', 'status');
    button.addEventListener('click', () => {
      button.disabled = true;
      status.textContent = 'Expanding…';
      onExpand({ type: v.type, id: v.id })
        .then((results) => {
          const added = merge(v, extractGraph(results));
          showPanel();
          // showPanel rebuilt the panel: report in the new status line.
          const now = panel.querySelector('.gwb-out-panel-status');
          if (now !== null) now.textContent = added;
        })
        .catch((error: unknown) => {
          button.disabled = false;
          status.textContent = `Expand failed: ${error instanceof Error ? error.message : String(error)}`;
        });
    });
    return [button, status];
  }

  /** Adds what `more` has that the drawing lacks, near the expanded vertex, and lays out again. */
  function merge(around: VertexRef, more: GraphElements): string {
    const before = model;
    model = mergeGraph(model, more);
    colours = assignTypeColors(
      [...model.vertices.values()].map((v) => v.type),
      colours,
    );
    renderLegend();
    if (cy === undefined) return '';
    const core = cy;
    const centre = core.getElementById(vertexKey(around)).position();
    let vertices = 0;
    let edges = 0;
    core.batch(() => {
      for (const [key, v] of model.vertices) {
        const old = before.vertices.get(key);
        if (old === undefined) {
          vertices++;
          // Start new neighbours beside the expanded vertex so the layout settles locally.
          core.add({
            ...vertexData(key, v, colourOf(colours, v.type), captionsOf(model)),
            position: {
              x: centre.x + (Math.random() - 0.5) * 80,
              y: centre.y + (Math.random() - 0.5) * 80,
            },
          });
        } else if (old.bare && !v.bare) {
          core.getElementById(key).data('bare', false);
        }
      }
      for (const [key, e] of model.edges) {
        if (before.edges.has(key)) continue;
        edges++;
        core.add(edgeData(key, e));
      }
    });
    runLayout(core, false);
    return `Added ${count(vertices)} ${vertices === 1 ? 'vertex' : 'vertices'} and ${count(edges)} ${edges === 1 ? 'edge' : 'edges'}.`;
  }

  /** One layout at a time: an expansion stops the previous (possibly still animating) one. */
  function runLayout(core: cytoscape.Core, randomize: boolean): void {
    layout?.stop();
    layout = core.layout(layoutOptions(model.vertices.size, randomize));
    // Fitting a handful of vertices would blow them up to the maximum zoom.
    layout.one('layoutstop', () => {
      core.fit(undefined, 24);
      if (core.zoom() > maxFitZoom) {
        core.zoom(maxFitZoom);
        core.center();
      }
    });
    layout.run();
    renderLegend();
  }

  function draw(): void {
    const core = cytoscape({
      container: canvas,
      elements: elementsOf(model, colours),
      style,
      minZoom: 0.02,
      maxZoom: 4,
      // Big graphs pan and zoom from a cached bitmap instead of redrawing every frame.
      textureOnViewport: model.count > 2_000,
      hideEdgesOnViewport: model.count > 2_000,
    });
    core.on('tap', 'node', (event) => {
      selected = {
        kind: 'vertex',
        key: (event.target as cytoscape.SingularElementReturnValue).id(),
      };
      showPanel();
    });
    core.on('tap', 'edge', (event) => {
      selected = { kind: 'edge', key: (event.target as cytoscape.SingularElementReturnValue).id() };
      showPanel();
    });
    core.on('tap', (event) => {
      if (event.target !== core) return;
      selected = undefined;
      showPanel();
    });
    cy = core;
    runLayout(core, true);
    // The canvas sizes itself from its box: follow tab switches and window resizes.
    resize = new ResizeObserver(() => core.resize());
    resize.observe(canvas);
    options.onDrawn?.();
  }

  renderLegend();
  if (model.count > confirmAbove) {
    const gate = el('div', 'gwb-out-graph-gate');
    const message = el(
      'p',
      '',
      `This result has ${count(model.count)} vertices and edges; drawing them may take a while.`,
    );
    const button = el('button', 'gwb-out-button', `Draw ${count(model.count)} elements?`);
    button.type = 'button';
    button.dataset.testid = 'draw-anyway';
    button.addEventListener('click', () => {
      gate.remove();
      canvas.hidden = false;
      draw();
    });
    gate.append(message, button);
    canvas.hidden = true;
    main.prepend(gate);
  } else {
    draw();
  }

  return {
    element: root,
    isDrawn: () => cy !== undefined,
    exportPng(filename, download): void {
      if (cy === undefined) return;
      const blob = cy.png({
        full: true,
        bg: 'white',
        output: 'blob',
        maxWidth: 8_000,
        maxHeight: 8_000,
      });
      download(filename, blob);
    },
    dispose(): void {
      layout?.stop();
      resize?.disconnect();
      cy?.destroy();
      cy = undefined;
      root.remove();
    },
  };
}
