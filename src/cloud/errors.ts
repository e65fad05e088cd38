// Errors of the control plane (`gwb cloud`), each with a stable code and the HTTP status it is
// answered with. Handlers throw them; the listener turns them into the document-3 envelope with
// `Error: true`, the message, and one error detail naming the code.

export const CloudErrorCodes = {
  badRequest: 'CLOUD-BAD-REQUEST', // the body or a path parameter is not acceptable
  notFound: 'CLOUD-NOT-FOUND', // no such workgroup, workspace, database, backup, job, schedule
  conflict: 'CLOUD-CONFLICT', // the resource is in a state that refuses the action
  unauthorized: 'CLOUD-UNAUTHORIZED', // no or a wrong API key
  noRoute: 'CLOUD-NO-ROUTE', // not an endpoint of document 3
  workspaceDown: 'CLOUD-WORKSPACE-DOWN', // the workspace's database is not running
  workspaceRefused: 'CLOUD-WORKSPACE-REFUSED', // the workspace's GSQL server refused the request
  internal: 'CLOUD-INTERNAL',
} as const;

export type CloudErrorCode = (typeof CloudErrorCodes)[keyof typeof CloudErrorCodes];

/**
 * Document 3 answers 200, 400 (bad request) and 500 (internal error) on its endpoints: an
 * unknown id or a refused action is a bad request, a workspace that cannot answer an internal
 * error. 404 is only for paths that are not endpoints, 401 for a missing key.
 */
const statusOf: Record<CloudErrorCode, number> = {
  'CLOUD-BAD-REQUEST': 400,
  'CLOUD-NOT-FOUND': 400,
  'CLOUD-CONFLICT': 400,
  'CLOUD-UNAUTHORIZED': 401,
  'CLOUD-NO-ROUTE': 404,
  'CLOUD-WORKSPACE-DOWN': 500,
  'CLOUD-WORKSPACE-REFUSED': 400,
  'CLOUD-INTERNAL': 500,
};

export class CloudError extends Error {
  readonly status: number;

  constructor(
    readonly code: CloudErrorCode,
    message: string,
    status?: number,
  ) {
    super(message);
    this.name = 'CloudError';
    this.status = status ?? statusOf[code];
  }
}

export function notFound(what: string, id: string): CloudError {
  return new CloudError(CloudErrorCodes.notFound, `${what} ${JSON.stringify(id)} does not exist`);
}

export function badRequest(message: string): CloudError {
  return new CloudError(CloudErrorCodes.badRequest, message);
}

export function conflict(message: string): CloudError {
  return new CloudError(CloudErrorCodes.conflict, message);
}
