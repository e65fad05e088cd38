// The lint zones of eslint.zones.js fail code that breaks DESIGN.md's layering rule.
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import { zones } from '../eslint.zones.js';

const eslint = new ESLint({
  overrideConfigFile: true,
  overrideConfig: [{ files: ['**/*.ts'], languageOptions: { parser: tseslint.parser } }, ...zones],
});

async function messagesFor(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((m) => `${m.ruleId}: ${m.message}`);
}

describe('lint zones', () => {
  it('src/core may not import the server or a face', async () => {
    expect(
      await messagesFor(
        'src/core/ops/x.ts',
        "import { a } from '../../server/engine/graph.js';\nexport { a };\n",
      ),
    ).toEqual([expect.stringContaining('src/core imports nothing from the other folders')]);
    expect(
      await messagesFor(
        'src/core/client/x.ts',
        "import { a } from '../../repl/app.js';\nexport { a };\n",
      ),
    ).toHaveLength(1);
  });

  it('faces may not import the server', async () => {
    for (const face of ['repl', 'notebook', 'mcp']) {
      const messages = await messagesFor(
        `src/${face}/x.ts`,
        "import { a } from '../server/http/router.js';\nexport { a };\n",
      );
      expect(messages).toEqual([expect.stringContaining('Faces never import src/server')]);
    }
  });

  it('the GSQL front end may not import Node built-ins', async () => {
    expect(
      await messagesFor(
        'src/core/gsql/x.ts',
        "import { readFileSync } from 'node:fs';\nexport { readFileSync };\n",
      ),
    ).toEqual([expect.stringContaining('no Node built-ins')]);
  });

  it('the notebook page may not import the core client or Node built-ins', async () => {
    expect(
      await messagesFor(
        'src/notebook/web/x.ts',
        "import { GraphClient } from '../../core/client/index.js';\nexport { GraphClient };\n",
      ),
    ).toEqual([expect.stringContaining('talks to the notebook backend over HTTP')]);
    expect(
      await messagesFor(
        'src/notebook/web/x.ts',
        "import { readFile } from 'node:fs/promises';\nexport { readFile };\n",
      ),
    ).toEqual([expect.stringContaining('no Node built-ins')]);
  });

  it('a query compiler layer may not import a layer above it', async () => {
    const root = 'src/server/engine/query/compile';
    const upward: [string, string][] = [
      ['context/x.ts', '../expressions/expr.js'],
      ['expressions/x.ts', '../statements/statement.js'],
      ['statements/x.ts', '../select/select.js'],
      ['select/x.ts', '../query/query-statement.js'],
      ['expressions/x.ts', '../../index.js'],
    ];
    for (const [file, target] of upward) {
      expect(
        await messagesFor(`${root}/${file}`, `import { a } from '${target}';\nexport { a };\n`),
      ).toEqual([expect.stringContaining('The query compiler is layered')]);
    }
    // The server zone still holds inside the compiler.
    expect(
      await messagesFor(`${root}/select/x.ts`, "import { a } from '../../../../../repl/app.js';\n"),
    ).toHaveLength(1);
    const downward: [string, string][] = [
      ['query/x.ts', '../select/select.js'],
      ['select/x.ts', '../statements/statement.js'],
      ['statements/x.ts', '../expressions/expr.js'],
      ['expressions/x.ts', '../context/compile-context.js'],
      ['context/x.ts', '../../run.js'],
    ];
    for (const [file, target] of downward) {
      expect(
        await messagesFor(`${root}/${file}`, `import { a } from '${target}';\nexport { a };\n`),
      ).toEqual([]);
    }
  });

  it('allowed imports pass', async () => {
    expect(
      await messagesFor(
        'src/repl/x.ts',
        "import { a } from '../core/client/index.js';\nexport { a };\n",
      ),
    ).toEqual([]);
    expect(
      await messagesFor(
        'src/server/x.ts',
        "import { a } from '../core/ops/index.js';\nexport { a };\n",
      ),
    ).toEqual([]);
  });
});
