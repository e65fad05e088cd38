// The structured form of a loading job for GET /gsql/v1/loading-jobs/{job}?json=true, in the real
// service's shape: Filters, GraphName, Headers, JobName, FileNames, LoadingStatements [{Type,
// UsingClauses, Mappings, TargetName, [FromVertexType, ToVertexType], DataSource}]. The sample
// shows only `SrcColName` mappings; the other mapping types here are this service's choice.
import type { CreateLoadingJob, Expr } from '../../../core/gsql/index.js';
import type { CatalogData, EdgeTypeDef } from '../catalog/types.js';
import { formatExpr } from '../../../core/gsql/index.js';

export interface JobMapping {
  readonly Type: 'SrcColName' | 'SrcColIndex' | 'Literal' | 'Default' | 'Expression';
  readonly Value?: string | number;
}

export interface JobDescription {
  readonly Filters: never[];
  readonly GraphName: string;
  readonly Headers: Record<string, readonly string[]>;
  readonly JobName: string;
  readonly FileNames: Record<string, string>;
  readonly LoadingStatements: {
    readonly Type: 'Vertex' | 'Edge' | 'TempTable';
    readonly UsingClauses: Record<string, string>;
    readonly Mappings: JobMapping[];
    readonly TargetName: string;
    readonly FromVertexType?: string;
    readonly ToVertexType?: string;
    readonly DataSource: { readonly Type: 'FileVar' | 'TempTable'; readonly Value: string };
  }[];
}

function mapping(expr: Expr): JobMapping {
  switch (expr.kind) {
    case 'ColumnRef':
      return typeof expr.column === 'number'
        ? { Type: 'SrcColIndex', Value: expr.column }
        : { Type: 'SrcColName', Value: expr.column };
    case 'Wildcard':
      return { Type: 'Default' };
    case 'StringLit':
      return { Type: 'Literal', Value: expr.value };
    case 'IntLit':
    case 'FloatLit':
      return { Type: 'Literal', Value: expr.text };
    case 'Arrow':
    case 'Attr':
    case 'Between':
    case 'Binary':
    case 'BoolLit':
    case 'Call':
    case 'CaseExpr':
    case 'DatetimeLit':
    case 'GlobalAccum':
    case 'In':
    case 'Index':
    case 'Interval':
    case 'IsNull':
    case 'IsTest':
    case 'JsonObject':
    case 'Like':
    case 'ListLit':
    case 'MethodCall':
    case 'Name':
    case 'NullLit':
    case 'TupleLit':
    case 'TypeStar':
    case 'Unary':
    case 'VertexAccum':
    case 'VertexSetLit':
      return { Type: 'Expression', Value: formatExpr(expr) };
  }
}

function optionValue(expr: Expr): string {
  if (expr.kind === 'StringLit') return expr.value;
  if (expr.kind === 'Name') return expr.name;
  return formatExpr(expr);
}

/**
 * An edge target's end type when it is known without the data: written after the id
 * (`$0 Comment`), or the only type the edge's pairs have at that end.
 */
function endType(
  edge: EdgeTypeDef | undefined,
  end: 'from' | 'to',
  given: Expr | null,
): string | undefined {
  if (given?.kind === 'Name') return given.name;
  if (given !== null || !edge) return undefined;
  const types = new Set(edge.pairs.map((p) => p[end]));
  const [only] = types;
  return types.size === 1 && only !== '*' ? only : undefined;
}

/** Describes a parsed job; edge end types come from the target or the catalog's pairs. */
export function describeLoadingJob(
  ast: CreateLoadingJob,
  graph: string,
  catalog?: CatalogData,
): JobDescription {
  const headers: Record<string, readonly string[]> = {};
  const files: Record<string, string> = {};
  const literal = new Map<string, string>();
  const statements: JobDescription['LoadingStatements'] = [];
  for (const stmt of ast.body) {
    if (stmt.kind === 'DefineHeader') headers[stmt.name] = stmt.columns;
    else if (stmt.kind === 'DefineFilename') files[stmt.name] = stmt.path ?? '';
    else if (stmt.kind === 'Load') {
      let source = '';
      if (stmt.source?.kind === 'Name') source = stmt.source.name;
      else if (stmt.source?.kind === 'StringLit') {
        source = literal.get(stmt.source.value) ?? `__GSQL_FILENAME_${literal.size}__`;
        literal.set(stmt.source.value, source);
        files[source] = stmt.source.value;
      }
      const using: Record<string, string> = {};
      for (const option of stmt.using) using[option.name.toUpperCase()] = optionValue(option.value);
      for (const target of stmt.targets) {
        const edge = catalog?.edgeTypes.find((e) => e.name === target.name);
        const from = target.what === 'EDGE' ? endType(edge, 'from', target.fromType) : undefined;
        const to = target.what === 'EDGE' ? endType(edge, 'to', target.toType) : undefined;
        statements.push({
          Type: target.what === 'VERTEX' ? 'Vertex' : target.what === 'EDGE' ? 'Edge' : 'TempTable',
          UsingClauses: using,
          Mappings: target.values.map(mapping),
          TargetName: target.name,
          ...(from !== undefined && to !== undefined
            ? { FromVertexType: from, ToVertexType: to }
            : {}),
          DataSource: { Type: stmt.tempTable ? 'TempTable' : 'FileVar', Value: source },
        });
      }
    }
  }
  return {
    Filters: [],
    GraphName: graph,
    Headers: headers,
    JobName: ast.name,
    FileNames: files,
    LoadingStatements: statements,
  };
}
