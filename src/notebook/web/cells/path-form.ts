// The path cell: from and to vertices, the longest path to consider, which paths (one shortest,
// all shortest, all up to the length), and optional filters as `type` or `type: condition` lines
// (the server parses conditions; they are never evaluated here).
import { el, select } from '../dom.js';
import { vertexPicker } from './vertex-picker.js';

export interface PathFormOptions {
  readonly graph: string | undefined;
  readonly vertexTypes: readonly string[];
  readonly parameters: Record<string, unknown> | undefined;
  readonly onChange: (parameters: Record<string, unknown>) => void;
}

type Filter = { type: string; condition?: string };

export function parseFilters(text: string): Filter[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '')
    .map((line) => {
      const at = line.indexOf(':');
      if (at < 0) return { type: line };
      const condition = line.slice(at + 1).trim();
      return { type: line.slice(0, at).trim(), ...(condition !== '' ? { condition } : {}) };
    });
}

function filterText(value: unknown): string {
  if (!Array.isArray(value)) return '';
  return (value as Filter[])
    .map((f) => (f.condition ? `${f.type}: ${f.condition}` : f.type))
    .join('\n');
}

export function pathForm(options: PathFormOptions): HTMLElement {
  const p: Record<string, unknown> = { mode: 'shortest', maxLength: 4, ...options.parameters };
  const emit = () => options.onChange({ ...p });
  if (options.graph === undefined)
    return el('div', { class: 'gwb-path-form' }, 'choose a graph first');
  const graph = options.graph;
  const picker = (key: 'source' | 'target') =>
    vertexPicker({
      graph,
      types: options.vertexTypes,
      value: p[key] as { id?: string; type?: string } | undefined,
      onChange: (v) => {
        p[key] = v;
        emit();
      },
      testId: `path-${key}`,
    });
  const length = el('input', { type: 'number', min: '1', max: '10', 'data-testid': 'path-max' });
  length.value = typeof p.maxLength === 'number' ? String(p.maxLength) : '4';
  length.addEventListener('input', () => {
    p.maxLength = Number(length.value);
    emit();
  });
  const mode = select(
    [
      ['shortest', 'a shortest path'],
      ['allShortest', 'all shortest paths'],
      ['all', 'all paths up to the length'],
    ],
    String(p.mode),
    { 'data-testid': 'path-mode' },
    (value) => {
      p.mode = value;
      emit();
    },
  );
  const filters = (key: 'vertexFilters' | 'edgeFilters', label: string) => {
    const area = el('textarea', { rows: '2', placeholder: 'type  or  type: condition' });
    area.value = filterText(p[key]);
    area.addEventListener('input', () => {
      const parsed = parseFilters(area.value);
      if (parsed.length > 0) p[key] = parsed;
      else delete p[key];
      emit();
    });
    return el('label', { class: 'gwb-path-row' }, el('span', {}, label), area);
  };
  return el(
    'div',
    { class: 'gwb-path-form' },
    el('label', { class: 'gwb-path-row' }, el('span', {}, 'from'), picker('source')),
    el('label', { class: 'gwb-path-row' }, el('span', {}, 'to'), picker('target')),
    el('label', { class: 'gwb-path-row' }, el('span', {}, 'max length'), length),
    el('label', { class: 'gwb-path-row' }, el('span', {}, 'paths'), mode),
    filters('vertexFilters', 'vertex filters'),
    filters('edgeFilters', 'edge filters'),
  );
}
