// What the graph view shows for each vertex type, chosen by the user (as Neo4j Browser's style
// does): the caption (the id, or one attribute) and the colour. Kept per browser in
// localStorage, so every cell and every notebook draws a type the same way. Without a choice the
// caption is a `name`-like attribute when the vertices have one, else the id.
import { cellText } from '../../../core/results/index.js';
import type { GraphVertex } from './graph-elements.js';

export interface TypeStyle {
  /** `id`, or an attribute name. */
  readonly caption?: string;
  /** A CSS colour (#rrggbb). */
  readonly color?: string;
}

const storageKey = 'gwb.graph-style';
const nameLike = ['name', 'title', 'label', 'firstName', 'username'];

function load(): Record<string, TypeStyle> {
  try {
    const text = globalThis.localStorage?.getItem(storageKey);
    const value: unknown = text ? JSON.parse(text) : {};
    return typeof value === 'object' && value !== null ? (value as Record<string, TypeStyle>) : {};
  } catch {
    return {};
  }
}

export function typeStyle(type: string): TypeStyle {
  return load()[type] ?? {};
}

export function setTypeStyle(type: string, change: TypeStyle): void {
  const all = load();
  all[type] = { ...all[type], ...change };
  try {
    globalThis.localStorage?.setItem(storageKey, JSON.stringify(all));
  } catch {
    // storage full or off: the choice lasts for this page only
  }
}

/** The attributes a caption can show for a type (from the vertices drawn). */
export function captionChoices(vertices: Iterable<GraphVertex>, type: string): string[] {
  const names = new Set<string>();
  for (const v of vertices)
    if (v.type === type) for (const k of Object.keys(v.attributes)) names.add(k);
  return ['id', ...[...names].sort()];
}

/** The caption in force for a type: the chosen one, else a name-like attribute, else the id. */
export function captionFor(type: string, vertices: Iterable<GraphVertex>): string {
  const chosen = typeStyle(type).caption;
  const choices = captionChoices(vertices, type);
  if (chosen !== undefined && choices.includes(chosen)) return chosen;
  return nameLike.find((n) => choices.includes(n)) ?? 'id';
}

/** The text drawn on a vertex for a caption. */
export function captionText(v: GraphVertex, caption: string): string {
  if (caption === 'id') return v.id;
  const value = v.attributes[caption];
  return value === undefined || value === null ? v.id : cellText(value);
}
