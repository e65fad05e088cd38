// The JSON tab: the printed results as a collapsible tree. Children are built only when a node
// is first expanded, and long arrays or wide objects show their first items with "show more",
// so a result with 100,000 vertices opens at once. Everything is text nodes (no HTML parsing).
import { el } from './node.js';

export interface JsonViewOptions {
  /** Levels expanded when the tree opens (default 2: the PRINT entries and their items). */
  readonly expandDepth?: number;
  /** Children shown per container before "show more" (default 100). */
  readonly chunk?: number;
}

export interface JsonView {
  readonly element: HTMLElement;
  dispose(): void;
}

type Container = readonly unknown[] | Readonly<Record<string, unknown>>;

function isContainer(value: unknown): value is Container {
  return typeof value === 'object' && value !== null;
}

function sizeOf(value: Container): number {
  return Array.isArray(value) ? value.length : Object.keys(value).length;
}

/** What a collapsed container shows: its kind and size, e.g. `[12,345 items]`. */
export function jsonSummary(value: Container): string {
  const n = sizeOf(value).toLocaleString('en-US');
  if (Array.isArray(value)) return `[${n} ${value.length === 1 ? 'item' : 'items'}]`;
  return `{${n} ${sizeOf(value) === 1 ? 'key' : 'keys'}}`;
}

/** A leaf as JSON would write it (strings quoted and escaped, bigints as their digits). */
export function leafText(value: unknown): { text: string; kind: string } {
  if (value === null) return { text: 'null', kind: 'null' };
  switch (typeof value) {
    case 'string':
      return { text: JSON.stringify(value), kind: 'string' };
    case 'number':
      return { text: String(value), kind: 'number' };
    case 'bigint':
      return { text: String(value), kind: 'number' };
    case 'boolean':
      return { text: String(value), kind: 'boolean' };
    case 'undefined':
      return { text: 'undefined', kind: 'null' };
    case 'function':
    case 'object':
    case 'symbol':
      break;
  }
  // Not in parsed JSON (functions, symbols); named rather than printed.
  return { text: `<${typeof value}>`, kind: 'other' };
}

export function createJsonView(value: unknown, options: JsonViewOptions = {}): JsonView {
  const expandDepth = options.expandDepth ?? 2;
  const chunk = Math.max(1, options.chunk ?? 100);

  const root = el('ul', 'gwb-out-json');
  root.dataset.testid = 'json-tree';
  root.setAttribute('role', 'tree');

  function keyAt(
    container: Container,
    index: number,
    keys: string[] | undefined,
  ): [string, unknown] {
    if (keys === undefined) return [String(index), (container as readonly unknown[])[index]];
    const key = keys[index]!;
    return [key, (container as Readonly<Record<string, unknown>>)[key]];
  }

  /** Appends children [from, from + chunk) and a "show more" item when some are left. */
  function appendChunk(
    group: HTMLElement,
    container: Container,
    keys: string[] | undefined,
    from: number,
    depth: number,
  ): void {
    const total = sizeOf(container);
    const to = Math.min(total, from + chunk);
    const items: HTMLElement[] = [];
    for (let i = from; i < to; i++) {
      const [key, child] = keyAt(container, i, keys);
      items.push(renderNode(key, child, depth, keys === undefined));
    }
    if (to < total) {
      const more = el('li', 'gwb-out-json-more');
      const button = el(
        'button',
        'gwb-out-button gwb-out-small',
        `Show ${Math.min(chunk, total - to).toLocaleString('en-US')} more (${to.toLocaleString('en-US')} of ${total.toLocaleString('en-US')} shown)`,
      );
      button.type = 'button';
      button.dataset.testid = 'json-show-more';
      button.addEventListener('click', () => {
        more.remove();
        appendChunk(group, container, keys, to, depth);
      });
      more.append(button);
      items.push(more);
    }
    group.append(...items);
  }

  function renderNode(
    key: string | undefined,
    value: unknown,
    depth: number,
    index: boolean,
  ): HTMLElement {
    const item = el('li', 'gwb-out-json-node');
    item.setAttribute('role', 'treeitem');
    const row = el('div', 'gwb-out-json-row');
    item.append(row);
    const keyParts = (): HTMLElement[] =>
      key === undefined
        ? []
        : [
            el(
              'span',
              index ? 'gwb-out-json-index' : 'gwb-out-json-key',
              index ? key : JSON.stringify(key),
            ),
            el('span', 'gwb-out-json-punct', ': '),
          ];

    if (!isContainer(value) || sizeOf(value) === 0) {
      const leaf = isContainer(value)
        ? { text: Array.isArray(value) ? '[]' : '{}', kind: 'punct' }
        : leafText(value);
      row.append(
        el('span', 'gwb-out-json-spacer'),
        ...keyParts(),
        el('span', `gwb-out-json-${leaf.kind}`, leaf.text),
      );
      return item;
    }

    const toggle = el('button', 'gwb-out-json-toggle');
    toggle.type = 'button';
    const summary = el('span', 'gwb-out-json-summary', jsonSummary(value));
    row.append(toggle, ...keyParts(), summary);
    let group: HTMLElement | undefined;
    const setOpen = (open: boolean): void => {
      if (open && group === undefined) {
        group = el('ul', 'gwb-out-json-group');
        group.setAttribute('role', 'group');
        appendChunk(
          group,
          value,
          Array.isArray(value) ? undefined : Object.keys(value),
          0,
          depth + 1,
        );
        item.append(group);
      }
      if (group !== undefined) group.hidden = !open;
      toggle.textContent = open ? '▾' : '▸';
      toggle.setAttribute('aria-label', open ? 'Collapse' : 'Expand');
      item.setAttribute('aria-expanded', String(open));
    };
    toggle.addEventListener('click', () => setOpen(item.getAttribute('aria-expanded') !== 'true'));
    // The summary is a bigger target than the arrow.
    summary.addEventListener('click', () => setOpen(item.getAttribute('aria-expanded') !== 'true'));
    setOpen(depth < expandDepth);
    return item;
  }

  root.append(renderNode(undefined, value, 0, false));
  return {
    element: root,
    dispose(): void {
      root.remove();
    },
  };
}
