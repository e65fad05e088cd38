// The privilege each GSQL statement needs, in one table by statement kind (the shell's half of
// what the router does for endpoints): which privilege, on which graph (the statement's own, else
// the session's; null means global), and whether it only reads (a read at global scope is allowed
// by a grant on any graph). `null` entries need only an authenticated user: their own secrets and
// password, listings that show only what the user may see.
import type { Drop, Show, Statement } from '../../../core/gsql/index.js';

export interface Requirement {
  readonly privilege: string;
  readonly graph: string | null;
  readonly read: boolean;
}

/** Special requirement of USE GRAPH: any role on that graph. */
export interface Membership {
  readonly member: string;
}

type Rule<K extends Statement['kind']> = (
  s: Extract<Statement, { kind: K }>,
  session: string | null,
  user: string,
) => Requirement | Membership | null;

const need = (privilege: string, graph: string | null, read = false): Requirement => ({
  privilege,
  graph,
  read,
});

function dropRule(s: Drop, session: string | null): Requirement | null {
  switch (s.what) {
    case 'GRAPH':
      return need('DROP_GRAPH', null);
    case 'VERTEX':
    case 'EDGE':
    case 'TUPLE':
      return need('WRITE_SCHEMA', null);
    case 'QUERY':
      return need('DROP_QUERY', session);
    case 'JOB':
      return need('WRITE_LOADINGJOB', session);
    case 'USER':
      return need('WRITE_USER', null);
    case 'SECRET':
      return null;
  }
}

function showRule(s: Show, session: string | null): Requirement | null {
  switch (s.what) {
    case 'VERTEX':
    case 'EDGE':
    case 'GRAPH':
      return need('READ_SCHEMA', session, true);
    case 'JOB':
      return need('READ_LOADINGJOB', session, true);
    case 'QUERY':
      return need('READ_QUERY', session, true);
    case 'ROLE':
      return need('READ_ROLE', session, true);
    case 'SECRET':
    case 'USER':
      return null;
  }
}

const rules: { readonly [K in Statement['kind']]: Rule<K> } = {
  CreateVertex: () => need('WRITE_SCHEMA', null),
  CreateEdge: () => need('WRITE_SCHEMA', null),
  CreateGraph: () => need('WRITE_SCHEMA', null),
  CreateSchemaChangeJob: (s, g) => need('WRITE_SCHEMA', s.global ? null : (s.graph ?? g)),
  RunSchemaChange: (s, g) => need('WRITE_SCHEMA', s.global ? null : g),
  TypedefTuple: (_s, g) => need('WRITE_SCHEMA', g),
  TypedefAccum: (_s, g) => need('CREATE_QUERY', g),
  CreateQuery: (s, g) => need('CREATE_QUERY', s.graph ?? g),
  InterpretBlock: (s, g) => need('READ_DATA', s.graph ?? g),
  InstallQuery: (_s, g) => need('INSTALL_QUERY', g),
  RunQuery: (_s, g) => need('EXECUTE_QUERY', g),
  CreateLoadingJob: (s, g) => need('WRITE_LOADINGJOB', s.graph ?? g),
  RunJob: (_s, g) => need('EXECUTE_LOADINGJOB', g),
  UseGraph: (s) => ({ member: s.name }),
  UseGlobal: () => null,
  Ls: () => null,
  SetParam: () => null,
  ShowPackage: () => null,
  ImportPackage: () => null,
  DropAll: () => need('DROP_ALL', null),
  ClearGraphStore: () => need('CLEAR_GRAPHSTORE', null),
  Drop: (s, g) => dropRule(s, g),
  Show: (s, g) => showRule(s, g),
  PutUdf: () => need('WRITE_FILE', null),
  GetUdf: () => need('READ_FILE', null, true),
  CreateSecret: () => null,
  CreateUser: () => need('WRITE_USER', null),
  AlterPassword: (s, _g, user) =>
    s.user === null || s.user === user ? null : need('WRITE_USER', null),
  CreateRole: (s, g) => need('WRITE_ROLE', s.global ? null : (s.graph ?? g)),
  DropRole: (_s, g) => need('WRITE_ROLE', g),
  RoleGrant: (s) => need('WRITE_ROLE', s.graph),
  PrivilegeGrant: (s) => need('WRITE_ROLE', s.graph),
  ShowPrivilege: (_s, g) => need('READ_ROLE', g, true),
  Error: () => null,
};

/** What the statement needs of the user running it, with the session's graph. */
export function statementRequirement(
  s: Statement,
  session: string | null,
  user: string,
): Requirement | Membership | null {
  return (rules[s.kind] as Rule<Statement['kind']>)(s, session, user);
}
