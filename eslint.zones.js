// Lint zones: the import rules that keep the layers of DESIGN.md apart.
// Shared by eslint.config.js and by test/lint-zones.test.ts, which proves that a layering
// violation fails the lint.

const faces = ['repl', 'notebook', 'mcp'];
/**
 * Relative imports of one of the repo's top folders from any depth of src/ (package paths such as
 * `sdk/server/...` pass).
 */
const rel = (folder) => [
  `./${folder}`,
  `./${folder}/**`,
  ...[1, 2, 3, 4, 5, 6].flatMap((depth) => {
    const up = '../'.repeat(depth);
    return [`${up}${folder}`, `${up}${folder}/**`];
  }),
];

/** src/core imports nothing from the other folders. */
const coreZone = {
  files: ['src/core/**/*.{ts,tsx}'],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          {
            group: [...rel('server'), ...faces.flatMap(rel), '**/cli', '**/cli.js'],
            message: 'src/core imports nothing from the other folders (DESIGN.md: layout).',
          },
        ],
      },
    ],
  },
};

/** The GSQL front end runs in the browser too: no Node built-ins. */
const gsqlZone = {
  files: ['src/core/gsql/**/*.{ts,tsx}'],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          {
            group: [...rel('server'), ...faces.flatMap(rel), '**/client', '**/client/**'],
            message: 'src/core/gsql is pure: it must bundle for the browser.',
          },
          {
            regex:
              '^(node:|fs$|path$|os$|url$|util$|crypto$|stream$|buffer$|events$|child_process$)',
            message: 'src/core/gsql runs in the browser: no Node built-ins.',
          },
        ],
      },
    ],
  },
};

/** The faces go through src/core and never touch the engine. */
const facesZone = {
  files: faces.map((f) => `src/${f}/**/*.{ts,tsx}`),
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          {
            group: rel('server'),
            message: 'Faces never import src/server: every face goes through src/core over HTTP.',
          },
        ],
      },
    ],
  },
};

/** The embedded server is a server: it does not reach into the faces. */
const serverZone = {
  files: ['src/server/**/*.{ts,tsx}'],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          {
            group: faces.flatMap(rel),
            message: 'src/server does not import the faces.',
          },
        ],
      },
    ],
  },
};

/**
 * The query compiler's layers (src/server/engine/query/compile), lowest first. Each layer imports
 * only the layers before it: a lower layer that needs a higher one (a SELECT inside a WHILE body)
 * gets the higher compile function passed down as an argument, never imported.
 */
const compileLayers = ['context', 'expressions', 'statements', 'select', 'query'];
const compileRoot = 'src/server/engine/query/compile';
const compileZones = compileLayers.map((layer, i) => {
  const above = compileLayers.slice(i + 1);
  return {
    files: [`${compileRoot}/${layer}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            // The server zone's rule, repeated: a later zone's options replace an earlier one's.
            { group: faces.flatMap(rel), message: 'src/server does not import the faces.' },
            {
              group: [
                ...above.flatMap((up) => [`../${up}`, `../${up}/**`, `../../compile/${up}/**`]),
                '../../index',
                '../../index.js',
              ],
              message:
                `The query compiler is layered (${compileLayers.join(' → ')}): ` +
                `${layer} imports only the layers below it; pass a higher layer's compile ` +
                'function down as an argument instead.',
            },
          ],
        },
      ],
    },
  };
});

/** The notebook's browser app: the GSQL front end, result shaping and the file format only. */
const webZone = {
  files: ['src/notebook/web/**/*.{ts,tsx}'],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          {
            group: [
              ...rel('server'),
              ...rel('backend'),
              '**/core/client',
              '**/core/client/**',
              '**/core/session',
              '**/core/session/**',
            ],
            message:
              'src/notebook/web runs in the browser: it talks to the notebook backend over HTTP.',
          },
          {
            regex:
              '^(node:|fs$|path$|os$|url$|util$|crypto$|stream$|buffer$|events$|child_process$|undici$)',
            message: 'src/notebook/web runs in the browser: no Node built-ins.',
          },
        ],
      },
    ],
  },
};

/** @type {import('eslint').Linter.Config[]} */
export const zones = [coreZone, gsqlZone, facesZone, serverZone, ...compileZones, webZone];
