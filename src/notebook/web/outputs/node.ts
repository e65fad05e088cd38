// The one DOM builder of the output views: an element with a class and, optionally, text set
// through textContent (never parsed as HTML: results may hold hostile strings).
export function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  className: string,
  text?: string,
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}
