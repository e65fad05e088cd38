// The GSQL shell's channel: any GSQL command as text in, the shell's printed text out. Not an
// endpoint row of the spec, but the real service's 4.x and 3.x clients use it (pyTigerGraph
// gsql()); the REPL and the notebook send every statement through it.
import { z } from 'zod';
import { defineOp } from './define.js';

export const runStatements = defineOp('runStatements', {
  area: 'statements',
  summary: 'Runs a GSQL script statement by statement and answers with what the shell prints.',
  method: 'POST',
  service: 'gsql',
  path: '/gsql/v1/statements',
  legacyPath: '/gsqlserver/gsql/file',
  body: z.string().min(1),
  bodyKind: 'text',
  legacyBodyKind: 'form',
  result: z.string(),
  unwrap: 'text',
  readOnly: false,
  inferred: ['the whole operation (real clients: text/plain in 4.x, form-encoded in 3.x)'],
});
