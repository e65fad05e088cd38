// Loading jobs and shell commands back to text.
import type {
  CreateLoadingJob,
  Expr,
  LoadDelete,
  LoadingStmt,
  RunJob,
  Statement,
} from '../ast/index.js';
import { formatPassword } from './access.js';
import { formatExpr, quote } from './expr.js';
import { formatOptions } from './ddl.js';
import { indent } from './lines.js';

function formatLoadingStmt(s: LoadingStmt): string[] {
  switch (s.kind) {
    case 'DefineFilename':
      return [`DEFINE FILENAME ${s.name}${s.path === null ? '' : ` = ${quote(s.path)}`};`];
    case 'DefineHeader':
      return [`DEFINE HEADER ${s.name} = ${s.columns.map(quote).join(', ')};`];
    case 'Load': {
      const targets = s.targets.map((t, i) => {
        const where = t.where === null ? '' : ` WHERE ${formatExpr(t.where)}`;
        const types = [t.fromType, t.toType];
        const values = t.values
          .map((v, j) => formatExpr(v) + endType(j < 2 ? (types[j] ?? null) : null))
          .join(', ');
        const comma = i < s.targets.length - 1 ? ',' : '';
        const columns = t.what === 'TEMP_TABLE' ? ` (${t.columns.join(', ')})` : '';
        return `TO ${t.what} ${t.name}${columns} VALUES (${values})${where}${comma}`;
      });
      const using = s.using.length === 0 ? [] : [`USING ${formatOptions(s.using)}`];
      const lines = [...indent(targets), ...indent(using)];
      lines[lines.length - 1] += ';';
      const source = s.source === null ? '' : ` ${formatExpr(s.source)}`;
      return [`LOAD${s.tempTable ? ' TEMP_TABLE' : ''}${source}`, ...lines];
    }
    case 'LoadDelete':
      return [formatLoadDelete(s)];
  }
}

function endType(type: Expr | null): string {
  return type === null ? '' : ` ${formatExpr(type)}`;
}

function formatLoadDelete(s: LoadDelete): string {
  const parts =
    s.what === 'VERTEX'
      ? [`PRIMARY_ID ${formatExpr(s.id)}`]
      : [`FROM ${formatExpr(s.id)}${endType(s.fromType)}`];
  if (s.to !== null) parts.push(`TO ${formatExpr(s.to)}${endType(s.toType)}`);
  if (s.discriminator.length > 0) {
    parts.push(`DISCRIMINATOR (${s.discriminator.map((d) => formatExpr(d)).join(', ')})`);
  }
  const where = s.where === null ? '' : ` WHERE ${formatExpr(s.where)}`;
  const using = s.using.length === 0 ? '' : ` USING ${formatOptions(s.using)}`;
  const target = `${s.what} ${s.name} (${parts.join(', ')})`;
  return `DELETE ${target} FROM ${formatExpr(s.source)}${where}${using};`;
}

export function formatLoadingJob(j: CreateLoadingJob): string[] {
  const graph = j.graph === null ? '' : ` FOR GRAPH ${j.graph}`;
  const head = `CREATE ${j.jobType === 'LOADING' ? 'LOADING' : 'ONLINE_POST'} JOB ${j.name}${graph} {`;
  return [head, ...indent(j.body.flatMap(formatLoadingStmt)), '}'];
}

export function formatRunJob(r: RunJob): string {
  const using = r.using.length === 0 ? '' : ` USING ${formatOptions(r.using)}`;
  return `RUN ${r.loading ? 'LOADING ' : ''}JOB ${flags(r.flags)}${r.name}${using}`;
}

function flags(list: readonly string[]): string {
  return list.map((f) => `${f} `).join('');
}

/** Names as written: quoted when they are not plain identifiers (secret aliases, users). */
function names(list: readonly string[]): string {
  return list.map((n) => (/^[A-Za-z_][A-Za-z0-9_]*$/.test(n) ? n : quote(n))).join(', ');
}

/** The one-line shell commands; null for statements formatted elsewhere. */
export function formatShellCommand(s: Statement): string | null {
  switch (s.kind) {
    case 'UseGraph':
      return `USE GRAPH ${s.name}`;
    case 'UseGlobal':
      return 'USE GLOBAL';
    case 'Ls':
      return 'LS';
    case 'DropAll':
      return 'DROP ALL';
    case 'Drop':
      return `DROP ${s.what} ${flags(s.flags)}${s.all ? 'ALL' : names(s.names)}`;
    case 'Show':
      return `SHOW ${s.what}${s.pattern === null ? '' : ` ${s.pattern}`}`;
    case 'ShowPackage':
      return `SHOW PACKAGE${s.name === null ? '' : ` ${s.name}`}`;
    case 'ImportPackage':
      return `IMPORT PACKAGE ${s.name}`;
    case 'CreateSecret':
      return `CREATE SECRET${s.alias === null ? '' : ` ${s.alias}`}`;
    case 'CreateUser':
      return `CREATE USER${s.name === null ? '' : ` ${s.name}`}${formatPassword(s.password)}`;
    case 'RoleGrant': {
      const on = s.graph === null ? 'ON GLOBAL' : `ON GRAPH ${s.graph}`;
      return `${s.revoke ? 'REVOKE' : 'GRANT'} ROLE ${names(s.roles)} ${on} ${s.revoke ? 'FROM' : 'TO'} ${names(s.users)}`;
    }
    case 'ClearGraphStore':
      return `CLEAR GRAPH STORE${s.flags.map((f) => ` ${f}`).join('')}`;
    case 'InstallQuery':
      return `INSTALL QUERY ${flags(s.flags)}${s.all ? 'ALL' : s.names.join(', ')}`;
    case 'RunQuery':
      return `${s.interpret ? 'INTERPRET' : 'RUN'} QUERY ${flags(s.flags)}${s.name}(${s.args.map((a) => formatExpr(a)).join(', ')})`;
    case 'RunSchemaChange':
      return `RUN ${s.global ? 'GLOBAL ' : ''}SCHEMA_CHANGE JOB ${flags(s.flags)}${s.name}`;
    case 'RunJob':
      return formatRunJob(s);
    case 'SetParam':
      return `SET ${s.name} = ${s.quoted ? quote(s.value) : s.value}`;
    case 'PutUdf':
      return `PUT ${s.file} FROM ${quote(s.path)}`;
    case 'GetUdf':
      return `GET ${s.file} TO ${quote(s.path)}`;
    case 'AlterPassword':
    case 'CreateEdge':
    case 'CreateGraph':
    case 'CreateLoadingJob':
    case 'CreateQuery':
    case 'CreateRole':
    case 'CreateSchemaChangeJob':
    case 'CreateVertex':
    case 'DropRole':
    case 'Error':
    case 'InterpretBlock':
    case 'PrivilegeGrant':
    case 'ShowPrivilege':
    case 'TypedefAccum':
    case 'TypedefTuple':
      return null;
  }
}
