// Token-bank functions as GET /gsql/v1/udt/token-functions shows them: each `extern "C"`
// function of the stored TokenBank file (catalog/udf-files.ts) with its whole source text and
// its return type in GSQL terms (a `void` function writes its output token: a string). A scan of
// declarations and balanced braces, not a C++ parser: comments and strings holding braces inside
// a body are the limit.
export interface TokenFunction {
  readonly name: string;
  readonly code: string;
  readonly returnType: string;
}

/** The GSQL type a token function's C++ return type stands for. */
function gsqlReturnType(cpp: string): string {
  const type = cpp.replace(/\b(inline|static|const)\b/g, '').trim();
  if (type === 'void') return 'string';
  if (type === 'bool') return 'bool';
  if (/^(uint\d*_t|unsigned( (int|long|long long))?)$/.test(type)) return 'uint';
  if (/^(int\d*_t|int|long|long long)$/.test(type)) return 'int';
  if (type === 'float') return 'float';
  if (type === 'double') return 'double';
  return type;
}

/** The text from `start` through the brace closing the first `{` after it; undefined if open. */
function bodyEnd(text: string, start: number): number | undefined {
  const open = text.indexOf('{', start);
  if (open < 0) return undefined;
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    const c = text[i];
    if (c === '{') depth++;
    else if (c === '}') {
      depth--;
      if (depth === 0) return i + 1;
    }
  }
  return undefined;
}

export function tokenFunctions(tokenBank: string): TokenFunction[] {
  const found: TokenFunction[] = [];
  const declaration = /extern\s+"C"\s+([A-Za-z_][\w:\s*&]*?)\s*\b([A-Za-z_]\w*)\s*\(/g;
  for (const match of tokenBank.matchAll(declaration)) {
    const start = match.index;
    const end = bodyEnd(tokenBank, start + match[0].length);
    const signatureEnd = tokenBank.indexOf(')', start + match[0].length);
    const semicolon = tokenBank.indexOf(';', signatureEnd);
    const brace = tokenBank.indexOf('{', signatureEnd);
    // A declaration without a body (`...);`) defines nothing.
    if (end === undefined || (semicolon >= 0 && semicolon < brace)) continue;
    found.push({
      name: match[2] ?? '',
      code: tokenBank.slice(start, end),
      returnType: gsqlReturnType(match[1] ?? ''),
    });
  }
  return found;
}
