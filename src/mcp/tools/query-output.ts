// The result of running a query (installed, interpreted or template): its PRINT results, capped
// to the limits, with the same output schema for all three.
import { catalogue } from '../../core/ops/index.js';
import { capJson } from '../cap.js';
import { jsonSafe } from '../json-safe.js';
import { count, rowsText, truncationNote } from '../render.js';
import { truncation, type ToolAnswer, type ToolContext } from '../tool-kit.js';

export const queryOutput = { results: jsonSafe(catalogue.runInstalledQuery.result), ...truncation };

export function queryAnswer(label: string, results: unknown, ctx: ToolContext): ToolAnswer {
  const capped = capJson(results, ctx.options);
  const structured = {
    results: capped.value,
    truncated: capped.truncated,
    ...(capped.total !== undefined ? { total: capped.total } : {}),
  };
  const list = Array.isArray(capped.value) ? (capped.value as unknown[]) : [capped.value];
  const headline = `${label}: ${count(list.length, 'PRINT result')}${truncationNote(capped)}`;
  return { structured, text: rowsText(headline, list) };
}
