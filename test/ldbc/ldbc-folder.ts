// The LDBC folder's files for the workload test: the root of the vendored ldbc_snb_bi copy
// (tigergraph/ and umbra/), derived from the one path constant in paths.ts.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LDBC_TIGERGRAPH } from './paths.js';

/** The root of the vendored ldbc/ldbc_snb_bi copy (tigergraph/, umbra/). */
export const ldbcFolder = join(LDBC_TIGERGRAPH, '..');

/** The text of a file of the LDBC folder, e.g. `umbra/queries/bi-1.sql`. */
export function ldbcFile(path: string): string {
  return readFileSync(join(ldbcFolder, path), 'utf8');
}
