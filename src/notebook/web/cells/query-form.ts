// The installed-query cell: pick one of the graph's installed queries, fill a form generated from
// its metadata (typed inputs: numbers, strings, vertex pickers with id suggestions, one value per
// line for sets and lists, JSON for maps and tuples). The cell's parameters keep what was typed
// (`inputs`) and the JSON arguments the run sends (`args`).
import { api } from '../api.js';
import type { QueryInfo } from '../../protocol.js';
import { el, select } from '../dom.js';
import { argValue, fieldFor, ParamError, type Field } from './param-fields.js';
import { vertexPicker } from './vertex-picker.js';

export interface QueryFormOptions {
  readonly graph: string | undefined;
  readonly vertexTypes: readonly string[];
  readonly parameters: Record<string, unknown> | undefined;
  readonly onChange: (parameters: Record<string, unknown>) => void;
}

type Inputs = Record<string, unknown>;

/** The JSON arguments from the typed inputs; the first problem is thrown as ParamError. */
export function argsFrom(info: QueryInfo, inputs: Inputs): Record<string, unknown> {
  const args: Record<string, unknown> = {};
  for (const p of info.input) {
    const value = argValue(p.name, fieldFor(p.type), inputs[p.name]);
    if (value !== undefined) args[p.name] = value;
  }
  return args;
}

function inputFor(
  name: string,
  field: Field,
  value: unknown,
  options: QueryFormOptions,
  set: (value: unknown) => void,
): HTMLElement {
  const testId = `param-${name}`;
  if (field.kind === 'vertex' && !field.many && options.graph !== undefined) {
    return vertexPicker({
      graph: options.graph,
      types: options.vertexTypes,
      ...(field.vertexType !== undefined ? { fixedType: field.vertexType } : {}),
      value: value as { id?: string; type?: string } | undefined,
      onChange: set,
      testId,
    });
  }
  if (field.kind === 'bool') {
    const box = el('input', { type: 'checkbox', 'data-testid': testId });
    box.checked = value === true;
    box.addEventListener('change', () => set(box.checked));
    return box;
  }
  if (field.many || field.kind === 'json') {
    const area = el('textarea', {
      rows: '3',
      'data-testid': testId,
      placeholder: field.many ? 'one value per line' : 'JSON',
    });
    area.value = typeof value === 'string' ? value : '';
    area.addEventListener('input', () => set(area.value));
    return area;
  }
  const numeric = field.kind === 'integer' || field.kind === 'number';
  const input = el('input', {
    type: numeric ? 'number' : 'text',
    step: field.kind === 'integer' ? '1' : numeric ? 'any' : undefined,
    placeholder: field.kind === 'datetime' ? 'YYYY-MM-DD HH:MM:SS' : undefined,
    'data-testid': testId,
  });
  input.value = typeof value === 'string' || typeof value === 'number' ? String(value) : '';
  input.addEventListener('input', () => set(input.value));
  return input;
}

export function queryForm(options: QueryFormOptions): HTMLElement {
  const params = options.parameters ?? {};
  let query = typeof params.query === 'string' ? params.query : '';
  const inputs: Inputs = { ...((params.inputs as Inputs | undefined) ?? {}) };
  let info: QueryInfo | undefined;
  const fields = el('div', { class: 'gwb-query-fields' });
  const problem = el('div', { class: 'gwb-form-problem', 'data-testid': 'param-problem' });

  const emit = () => {
    let args: Record<string, unknown> | undefined;
    problem.textContent = '';
    if (info) {
      try {
        args = argsFrom(info, inputs);
      } catch (error) {
        if (!(error instanceof ParamError)) throw error;
        problem.textContent = error.message;
      }
    }
    options.onChange({ query, inputs, ...(args !== undefined ? { args } : {}) });
  };

  const showFields = async () => {
    fields.replaceChildren();
    info = undefined;
    if (query === '' || options.graph === undefined) return;
    try {
      info = await api.queryInfo(options.graph, query);
    } catch (error) {
      problem.textContent = `cannot read the parameters of ${query}: ${String(error)}`;
      return;
    }
    for (const p of info.input) {
      const field = fieldFor(p.type);
      const row = el(
        'label',
        { class: 'gwb-query-field' },
        el('span', { class: 'gwb-param-name' }, p.name),
        el('span', { class: 'gwb-param-type' }, p.type),
        inputFor(p.name, field, inputs[p.name], options, (value) => {
          inputs[p.name] = value;
          emit();
        }),
      );
      fields.append(row);
    }
    emit();
  };

  const picker = el('span', { class: 'gwb-query-picker' }, 'loading queries…');
  if (options.graph === undefined) picker.textContent = 'choose a graph first';
  else {
    api.queries(options.graph).then(
      (names) => {
        const choices: [string, string][] = [
          ['', 'choose an installed query'],
          ...names.map((n): [string, string] => [n, n]),
        ];
        picker.replaceChildren(
          select(choices, query, { 'data-testid': 'query-select' }, (value) => {
            query = value;
            for (const key of Object.keys(inputs)) delete inputs[key];
            void showFields();
          }),
        );
      },
      (error: unknown) => {
        picker.textContent = `cannot list installed queries: ${String(error)}`;
      },
    );
  }
  void showFields();
  return el('div', { class: 'gwb-query-form' }, picker, fields, problem);
}
