// Tab completion of meta command lines: the command name after `\`, then each command's arguments
// from the live schema (\graph NAME, \schema TYPE, \describe QUERY, \vertex TYPE, \path
// TYPE:ID ...) or from their fixed choices (\format, \timing, \pager).
import type { Completion, CompletionSchema } from '../../core/gsql/index.js';
import { metaCommands } from './index.js';
import { formats } from './settings.js';

type ArgumentSource = (schema: CompletionSchema) => readonly Completion[];

const graphs: ArgumentSource = (s) => (s.graphs ?? []).map((g) => ({ label: g, kind: 'graph' }));
const types: ArgumentSource = (s) => [
  ...s.vertexTypes.map((t) => ({ label: t.name, kind: 'vertexType' as const })),
  ...s.edgeTypes.map((t) => ({ label: t.name, kind: 'edgeType' as const })),
];
const vertexTypes: ArgumentSource = (s) =>
  s.vertexTypes.map((t) => ({ label: t.name, kind: 'vertexType' }));
const queries: ArgumentSource = (s) => s.queries.map((q) => ({ label: q, kind: 'query' }));
const words =
  (...choices: readonly string[]): ArgumentSource =>
  () =>
    choices.map((label) => ({ label, kind: 'keyword' }));

/** What each argument position of a command completes from (commands not named take none). */
const argumentSources: Readonly<Record<string, readonly ArgumentSource[]>> = {
  graph: [graphs],
  schema: [types],
  describe: [queries],
  vertex: [vertexTypes],
  path: [vertexTypes, vertexTypes],
  timing: [words('on', 'off')],
  pager: [words('on', 'off')],
  format: [words(...formats)],
  help: [words(...metaCommands.map((c) => c.name))],
};

/** Candidates for the word before `cursor` in a meta command line (text starts with `\`). */
export function metaCandidates(
  text: string,
  cursor: number,
  schema: CompletionSchema,
): Completion[] {
  const before = text.slice(0, cursor).trimStart().slice(1);
  const words = before.split(/\s+/);
  const word = words[words.length - 1] ?? '';
  const lower = word.toLowerCase();
  const matching = (items: readonly Completion[]) =>
    items.filter((c) => c.label.toLowerCase().startsWith(lower) && c.label !== word);
  if (words.length === 1) {
    return matching(
      metaCommands.map((c) => ({ label: c.name, kind: 'keyword', detail: c.summary })),
    );
  }
  const source = argumentSources[words[0] ?? '']?.[words.length - 2];
  return source === undefined ? [] : matching(source(schema));
}
