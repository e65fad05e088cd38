// Builds dist/ with esbuild: the `gwb` command as one ESM bundle with its npm dependencies external.
// Runs from `npm ci` (prepare), so a fresh install leaves a runnable `gwb`.
import { build } from 'esbuild';
import { chmod, readFile } from 'node:fs/promises';

const pkg = JSON.parse(await readFile(new URL('../package.json', import.meta.url), 'utf8'));
const external = [
  ...Object.keys(pkg.dependencies ?? {}),
  ...Object.keys(pkg.optionalDependencies ?? {}),
];

await build({
  entryPoints: { cli: 'src/cli.ts' },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external,
  banner: { js: '#!/usr/bin/env node' },
  define: { GWB_VERSION: JSON.stringify(pkg.version) },
  logLevel: 'warning',
});
await chmod('dist/cli.js', 0o755);
