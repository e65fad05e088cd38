// Where the tests read the LDBC SNB BI TigerGraph implementation from: the vendored, unmodified
// copy (see test/third_party/ldbc_snb_bi/README.md). One constant, so every LDBC test reads the
// same files.
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The `tigergraph/` folder of ldbc/ldbc_snb_bi (ddl/, dml/, queries/, queries_syntax_v3/...). */
export const LDBC_TIGERGRAPH = fileURLToPath(
  new URL('../third_party/ldbc_snb_bi/tigergraph/', import.meta.url),
);

/** Every .gsql file of that folder, relative to it, sorted. */
export function ldbcGsqlFiles(): string[] {
  return readdirSync(LDBC_TIGERGRAPH, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.gsql'))
    .sort();
}
