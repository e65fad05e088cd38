// Tiny DOM helpers for the page. Text only ever goes in through textContent: nothing the server
// or a result sends is parsed as HTML.
type Attrs = Record<string, string | undefined>;

export function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Attrs = {},
  ...children: (Node | string | undefined)[]
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value !== undefined) node.setAttribute(name, value);
  }
  for (const child of children) {
    if (child === undefined) continue;
    node.append(typeof child === 'string' ? document.createTextNode(child) : child);
  }
  return node;
}

export function button(
  label: string,
  attrs: Attrs,
  onClick: (event: MouseEvent) => void,
): HTMLButtonElement {
  const b = el('button', { type: 'button', ...attrs }, label);
  b.addEventListener('click', onClick);
  return b;
}

export function clear(node: Element): void {
  node.replaceChildren();
}

/** A <select> of plain options (value = label unless pairs are given). */
export function select(
  options: readonly (string | readonly [string, string])[],
  value: string | undefined,
  attrs: Attrs,
  onChange: (value: string) => void,
): HTMLSelectElement {
  const s = el('select', attrs);
  for (const option of options) {
    const [v, label] = typeof option === 'string' ? [option, option] : option;
    const o = el('option', { value: v }, label);
    if (v === value) o.selected = true;
    s.append(o);
  }
  s.addEventListener('change', () => onChange(s.value));
  return s;
}
