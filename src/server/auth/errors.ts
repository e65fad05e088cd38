// Errors of access control with stable codes: a bad user, role, privilege, secret or token
// request is a coded 4xx that changes nothing; too many failed logins is a 429 with Retry-After.
import { HttpError } from '../http/errors.js';

export const AccessErrorCodes = {
  userExists: 'GWB-USER-EXISTS',
  noSuchUser: 'GWB-NO-SUCH-USER',
  roleExists: 'GWB-ROLE-EXISTS',
  noSuchRole: 'GWB-NO-SUCH-ROLE',
  builtinRole: 'GWB-BUILTIN-ROLE',
  noSuchPrivilege: 'GWB-NO-SUCH-PRIVILEGE',
  badScope: 'GWB-BAD-SCOPE',
  noSuchGraph: 'GWB-NO-SUCH-GRAPH',
  groupExists: 'GWB-GROUP-EXISTS',
  noSuchGroup: 'GWB-NO-SUCH-GROUP',
  secretExists: 'GWB-SECRET-EXISTS',
  noSuchSecret: 'GWB-NO-SUCH-SECRET',
  badSecret: 'GWB-BAD-SECRET',
  /** The code pyTigerGraph's deleteToken(skipNA) matches on for a token that does not exist. */
  noSuchToken: 'REST-3300',
  badName: 'GWB-BAD-NAME',
  badPassword: 'GWB-BAD-PASSWORD',
  protectedUser: 'GWB-PROTECTED-USER',
  throttled: 'GWB-LOGIN-THROTTLED',
} as const;

export type AccessErrorCode = (typeof AccessErrorCodes)[keyof typeof AccessErrorCodes];

const statusOf: Partial<Record<AccessErrorCode, number>> = {
  'GWB-NO-SUCH-USER': 404,
  'GWB-NO-SUCH-ROLE': 404,
  'GWB-NO-SUCH-GROUP': 404,
  'GWB-NO-SUCH-SECRET': 404,
  'REST-3300': 404,
  'GWB-NO-SUCH-GRAPH': 404,
  'GWB-USER-EXISTS': 409,
  'GWB-ROLE-EXISTS': 409,
  'GWB-GROUP-EXISTS': 409,
  'GWB-SECRET-EXISTS': 409,
  'GWB-BAD-SECRET': 401,
};

/** A refused access-control change or lookup; the message names the operation and value. */
export class AccessError extends HttpError {
  constructor(
    readonly accessCode: AccessErrorCode,
    message: string,
  ) {
    super(statusOf[accessCode] ?? 400, accessCode, message);
    this.name = 'AccessError';
  }
}

/** 429: the user or the client address failed to log in too often; retry after the delay. */
export class LoginThrottledError extends HttpError {
  constructor(
    readonly retryAfterSeconds: number,
    who: string,
  ) {
    super(
      429,
      AccessErrorCodes.throttled,
      `too many failed logins for ${who}: try again in ${retryAfterSeconds} s`,
      { headers: { 'retry-after': String(retryAfterSeconds) } },
    );
    this.name = 'LoginThrottledError';
  }
}
