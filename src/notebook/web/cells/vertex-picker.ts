// A vertex picker: a type (fixed, or chosen from the schema's vertex types) and an id input whose
// suggestions come from the server as the user types (a <datalist>, filled through .value only).
import { api } from '../api.js';
import { el, select } from '../dom.js';

export interface VertexPickerOptions {
  readonly graph: string;
  readonly types: readonly string[];
  /** A fixed type (VERTEX<person>): no type choice is shown. */
  readonly fixedType?: string;
  readonly value: { id?: string; type?: string } | undefined;
  readonly onChange: (value: { id: string; type: string }) => void;
  readonly testId?: string;
}

let pickers = 0;

export function vertexPicker(options: VertexPickerOptions): HTMLElement {
  let type = options.fixedType ?? options.value?.type ?? options.types[0] ?? '';
  const listId = `gwb-ids-${++pickers}`;
  const list = el('datalist', { id: listId });
  const id = el('input', {
    type: 'text',
    list: listId,
    placeholder: 'vertex id',
    autocomplete: 'off',
    'data-testid': options.testId ? `${options.testId}-id` : undefined,
  });
  id.value = options.value?.id ?? '';
  const emit = () => options.onChange({ id: id.value, type });
  let timer: ReturnType<typeof setTimeout> | undefined;
  id.addEventListener('input', () => {
    emit();
    if (timer !== undefined) clearTimeout(timer);
    timer = setTimeout(() => {
      if (type === '') return;
      api.vertexIds(options.graph, type, id.value).then(
        (ids) => list.replaceChildren(...ids.map((v) => Object.assign(el('option'), { value: v }))),
        () => list.replaceChildren(),
      );
    }, 150);
  });
  const typePart = options.fixedType
    ? el('span', { class: 'gwb-vertex-type' }, options.fixedType)
    : select(
        options.types,
        type,
        { 'data-testid': options.testId ? `${options.testId}-type` : undefined },
        (value) => {
          type = value;
          emit();
        },
      );
  return el('span', { class: 'gwb-vertex-picker' }, typePart, id, list);
}
