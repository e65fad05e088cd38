// Interpret latency on the sizes other than the run's own: issue 19 asks that a small query cost
// the same on S, M and L, which one run can only show by loading each size into a service of its
// own. For each other size this starts a fresh `gwb serve` (or an in-process server), loads that
// size's dataset by /ddl and times the two small queries; the rows carry their `size`.
import { ensureDataset, sizes, type SizeName } from '../data/generate.js';
import type { TimedOptions } from '../lib/measure.js';
import type { Row } from '../lib/report.js';
import { newClient, setupSchema, unavailableRow, type EmbeddedContext } from './embedded.js';
import { ensureLoaded } from './loading.js';
import { interpretWorkload } from './querying.js';
import { startInProcess, startServeChild } from './service.js';

const allSizes: readonly SizeName[] = ['S', 'M', 'L'];

/** The small-query rows (`interpretSmall`, `interpretOne`) measured on every size but `own`. */
export async function interpretOnOtherSizes(
  own: SizeName,
  inProcess: boolean,
  timing: TimedOptions,
  runLimitMs: number,
  log: (s: string) => void,
): Promise<{ id: string; row: Row }[]> {
  const out: { id: string; row: Row }[] = [];
  for (const size of allSizes) {
    if (size === own) continue;
    log(`embedded: interpret at size ${size}`);
    const ds = ensureDataset(sizes[size]);
    const service = inProcess ? await startInProcess() : await startServeChild();
    const ctx: EmbeddedContext = {
      client: newClient(service.url),
      service,
      ds,
      timing,
      runLimitMs,
    };
    try {
      const why = (await setupSchema(ctx)) ?? (await ensureLoaded(ctx));
      for (const [id, which] of [
        ['interpretSmall', 'small'],
        ['interpretOne', 'one'],
      ] as const) {
        const row = why
          ? unavailableRow('ms', new Error(why))
          : await interpretWorkload(ctx, which);
        out.push({ id, row: { ...row, size } });
      }
    } finally {
      await service.stop();
    }
  }
  return out;
}
