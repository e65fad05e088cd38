// Access-control statements: CREATE USER name WITH PASSWORD "p", ALTER PASSWORD, CREATE/DROP ROLE,
// GRANT/REVOKE privileges on a graph, globally or on a type, SHOW PRIVILEGE. (GRANT/REVOKE ROLE
// and CREATE SECRET are read in shell.ts and statements.ts.)
import type { PrivilegeGrant, Statement } from '../ast/index.js';
import { unquote, type Token } from '../tokens.js';
import type { Cursor } from './cursor.js';

function names(c: Cursor, what: string): string[] {
  const out: string[] = [];
  do out.push(c.nameOrString(what));
  while (c.eat(','));
  return out;
}

/** `WITH PASSWORD "p"` when written (on the statement's line), else null: the shell would ask. */
function optionalPassword(c: Cursor): string | null {
  if (!c.at('WITH') || c.atLineStart) return null;
  c.next();
  c.expect('PASSWORD');
  if (c.tok.kind !== 'string') return c.fail(['password string']);
  return unquote(c.next().text);
}

/** After CREATE USER. */
export function parseCreateUser(c: Cursor, start: Token): Statement {
  const name = c.atName() && !c.atLineStart ? c.next().text : null;
  const password = name === null ? null : optionalPassword(c);
  return { kind: 'CreateUser', name, password, range: c.rangeFrom(start) };
}

/** After ALTER: `PASSWORD [user] [WITH PASSWORD "p"]`. */
export function parseAlter(c: Cursor, start: Token): Statement {
  c.expect('PASSWORD');
  const user = c.atName() && !c.atLineStart && !c.at('WITH') ? c.next().text : null;
  const password = optionalPassword(c);
  return { kind: 'AlterPassword', user, password, range: c.rangeFrom(start) };
}

/** After CREATE [GLOBAL]: `ROLE names [ON GRAPH g | ON GLOBAL]`. */
export function parseCreateRole(c: Cursor, start: Token, global: boolean): Statement {
  c.expect('ROLE');
  const list = names(c, 'role name');
  let graph: string | null = null;
  let isGlobal = global;
  if (!isGlobal && c.eat('ON')) {
    if (c.eat('GLOBAL')) isGlobal = true;
    else {
      c.expect('GRAPH');
      graph = c.name('graph name');
    }
  }
  return { kind: 'CreateRole', names: list, graph, global: isGlobal, range: c.rangeFrom(start) };
}

/** After DROP: `ROLE names`. */
export function parseDropRole(c: Cursor, start: Token): Statement {
  c.expect('ROLE');
  return { kind: 'DropRole', names: names(c, 'role name'), range: c.rangeFrom(start) };
}

/** `ON GLOBAL`, `ON GRAPH g`, `ON VERTEX|EDGE t IN GRAPH g`. */
function privilegeScope(c: Cursor): Pick<PrivilegeGrant, 'graph' | 'typeName' | 'typeKind'> {
  c.expect('ON');
  if (c.eat('GLOBAL')) return { graph: null, typeName: null, typeKind: null };
  if (c.eat('GRAPH')) return { graph: c.name('graph name'), typeName: null, typeKind: null };
  if (c.at('VERTEX') || c.at('EDGE')) {
    const typeKind = c.next().upper === 'EDGE' ? 'EDGE' : 'VERTEX';
    const typeName = c.name('type name');
    c.expect('IN');
    c.expect('GRAPH');
    return { graph: c.name('graph name'), typeName, typeKind };
  }
  return c.fail(['GLOBAL', 'GRAPH', 'VERTEX', 'EDGE']);
}

/** After GRANT or REVOKE (not ROLE): `privileges ON scope TO|FROM roles`. */
export function parsePrivilegeGrant(c: Cursor, start: Token, revoke: boolean): Statement {
  const privileges = names(c, 'privilege').map((p) => p.toUpperCase());
  const scope = privilegeScope(c);
  c.expect(revoke ? 'FROM' : 'TO');
  const roles = names(c, 'role name');
  return { kind: 'PrivilegeGrant', revoke, privileges, ...scope, roles, range: c.rangeFrom(start) };
}

/** After SHOW: `PRIVILEGE ON roles`. */
export function parseShowPrivilege(c: Cursor, start: Token): Statement {
  c.expect('PRIVILEGE');
  c.expect('ON');
  return { kind: 'ShowPrivilege', roles: names(c, 'role name'), range: c.rangeFrom(start) };
}
