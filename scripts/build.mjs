// Builds dist/ with esbuild, from `npm ci` (prepare), so a fresh install leaves a runnable `gwb`:
// - dist/cli.js: the `gwb` command as one ESM bundle with its npm dependencies external;
// - dist/notebook/: the notebook's browser app (app.js, app.css, the monaco editor worker as its
//   own entry, index.html), everything local so the notebook works offline.
import { build } from 'esbuild';
import { chmod, copyFile, mkdir, readFile } from 'node:fs/promises';

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

// After the command: a broken page never leaves a stale `gwb` behind.
await build({
  entryPoints: {
    app: 'src/notebook/web/main.ts',
    'editor.worker': 'monaco-editor/editor/editor.worker',
  },
  outdir: 'dist/notebook',
  bundle: true,
  platform: 'browser',
  format: 'esm',
  target: 'es2022',
  minify: true,
  sourcemap: false,
  loader: { '.ttf': 'file', '.woff': 'file', '.woff2': 'file' },
  define: { GWB_VERSION: JSON.stringify(pkg.version) },
  logLevel: 'warning',
});

await mkdir('dist/notebook', { recursive: true });
await copyFile('src/notebook/web/index.html', 'dist/notebook/index.html');
