// The GSQL language front end: lexer, highlighting, parser, AST, formatter, completion,
// statement splitting and REPL input state. Pure TypeScript with no Node built-ins, so the
// same module runs in the terminal, in the notebook's browser bundle and in the server.
export type * from './ast/index.js';
export type { Position, Range, Token, TokenClass, TokenKind, HighlightSpan } from './tokens.js';
export type { Diagnostic, DiagnosticCode, Severity } from './diagnostics.js';
export type { ParseResult } from './parse.js';
export type { SplitStatement } from './split.js';
export type { InputState } from './state.js';
export type { Completion, CompletionKind, CompletionSchema, SchemaType } from './complete.js';
export type { KindVisitor, Walker } from './visit.js';
export type { FormatOptions } from './format/index.js';
export type { LexOptions } from './lexer.js';

export { lex } from './lexer.js';
export { highlightTokens, tokenClass } from './highlight.js';
export { parse, parseExpression, expectedAtEnd } from './parse.js';
export { check } from './checks.js';
export { format, formatStatement, formatText, formatExpr, formatType } from './format/index.js';
export { complete } from './complete.js';
export { splitStatements } from './split.js';
export { inputState } from './state.js';
export { children, nodesAt, visit, walk, withoutRanges } from './visit.js';
export { toSExpr } from './sexpr.js';
export { constantNumber, constantText, constantValue } from './constant.js';
export type { ConstantValue } from './constant.js';
export { describeExpected, formatDiagnostic } from './diagnostics.js';
export { ACCUM_TYPES, BASE_TYPES, INTERVAL_UNITS, KEYWORDS, RESERVED } from './keywords.js';
export { BUILTIN_FUNCTIONS, builtinFunction, functionSignature } from './functions.js';
export type { BuiltinFunction, FunctionCategory, ResultType } from './functions.js';
export {
  changesGraph,
  queryCalls,
  queryWrites,
  queryWritesThrough,
  WRITING_METHODS,
} from './writes.js';
export type { QueryCall, QueryWrite, QueryWriteKind } from './writes.js';
export type { AccumName } from './keywords.js';
