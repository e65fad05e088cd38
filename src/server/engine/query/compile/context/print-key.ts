// Context layer: the key PRINT gives an expression written without AS. The real service keys it
// by its canonical text of the expression, not the text as typed: spaces outside string literals
// dropped and built-in function names in lower case (`PRINT MAX(@@l)` prints "max(@@l)");
// user-defined functions keep their (case-sensitive) names.
import { BUILTIN_FUNCTIONS, type Expr, formatExpr } from '../../../../../core/gsql/index.js';

/** A copy of an AST value with built-in call names lower-cased (nodes are plain data). */
function canonicalCalls(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(canonicalCalls);
  if (v === null || typeof v !== 'object') return v;
  const node = v as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const [k, x] of Object.entries(node)) out[k] = canonicalCalls(x);
  if (node.kind === 'Call' && typeof node.name === 'string') {
    const lower = node.name.toLowerCase();
    if (BUILTIN_FUNCTIONS.has(lower)) out.name = lower;
  }
  return out;
}

/** Text of an expression as PRINT uses it for a key. */
export function exprKey(e: Expr): string {
  if (e.kind === 'Name') return e.name;
  if (e.kind === 'GlobalAccum') return `@@${e.name}`;
  const text = formatExpr(canonicalCalls(e) as Expr);
  let res = '';
  let quote = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i] as string;
    if (c === '"' && text[i - 1] !== '\\') quote = !quote;
    if (!quote && /\s/.test(c)) continue;
    res += c;
  }
  return res;
}
