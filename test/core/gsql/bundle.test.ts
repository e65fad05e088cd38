// The GSQL front end is bundled into the notebook's browser app: it must build for the
// browser without a single Node built-in import.
import { builtinModules } from 'node:module';
import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'esbuild';
import { describe, expect, it } from 'vitest';

const entry = fileURLToPath(new URL('../../../src/core/gsql/index.ts', import.meta.url));
const builtins = new Set(builtinModules.flatMap((m) => [m, `node:${m}`]));

/** Records every import that names a Node built-in, whatever esbuild would do with it. */
function recordBuiltins(found: string[]): Plugin {
  return {
    name: 'record-node-builtins',
    setup(b) {
      b.onResolve({ filter: /.*/ }, (args) => {
        if (builtins.has(args.path) || args.path.startsWith('node:')) {
          found.push(`${args.path} (from ${args.importer})`);
          return { path: args.path, external: true };
        }
        return undefined;
      });
    },
  };
}

describe('browser bundle', () => {
  it('bundles src/core/gsql for the browser with no Node built-ins', async () => {
    const found: string[] = [];
    const result = await build({
      entryPoints: [entry],
      bundle: true,
      platform: 'browser',
      format: 'esm',
      write: false,
      logLevel: 'silent',
      plugins: [recordBuiltins(found)],
    });
    expect(found).toEqual([]);
    expect(result.errors).toEqual([]);
    const code = result.outputFiles[0]?.text ?? '';
    expect(code).toContain('highlightTokens');
  });
});
