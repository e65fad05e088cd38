// Canonical text of the access-control statements of ast/access.ts (and CREATE USER's password).
import type {
  AlterPassword,
  CreateRole,
  DropRole,
  PrivilegeGrant,
  ShowPrivilege,
} from '../ast/index.js';

const quoted = (text: string) => JSON.stringify(text);
const list = (names: readonly string[]) => names.join(', ');

export function formatPassword(password: string | null): string {
  return password === null ? '' : ` WITH PASSWORD ${quoted(password)}`;
}

export function formatAccessStatement(
  s: AlterPassword | CreateRole | DropRole | PrivilegeGrant | ShowPrivilege,
): string {
  switch (s.kind) {
    case 'AlterPassword':
      return `ALTER PASSWORD${s.user === null ? '' : ` ${s.user}`}${formatPassword(s.password)}`;
    case 'CreateRole': {
      const on = s.graph !== null ? ` ON GRAPH ${s.graph}` : '';
      return `CREATE ${s.global ? 'GLOBAL ' : ''}ROLE ${list(s.names)}${on}`;
    }
    case 'DropRole':
      return `DROP ROLE ${list(s.names)}`;
    case 'PrivilegeGrant': {
      const { graph, typeName, typeKind } = s;
      const on =
        graph === null
          ? 'ON GLOBAL'
          : typeName === null
            ? `ON GRAPH ${graph}`
            : `ON ${typeKind ?? 'VERTEX'} ${typeName} IN GRAPH ${graph}`;
      const verb = s.revoke ? 'REVOKE' : 'GRANT';
      return `${verb} ${list(s.privileges)} ${on} ${s.revoke ? 'FROM' : 'TO'} ${list(s.roles)}`;
    }
    case 'ShowPrivilege':
      return `SHOW PRIVILEGE ON ${list(s.roles)}`;
  }
}
