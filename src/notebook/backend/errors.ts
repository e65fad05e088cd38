// Errors of the notebook server, with stable codes the page shows and tests match on.
export type NotebookErrorCode =
  | 'GWB-NOTEBOOK-FORMAT'
  | 'GWB-NOTEBOOK-EDIT'
  | 'GWB-NOTEBOOK-CONFLICT'
  | 'GWB-NOTEBOOK-FILE'
  | 'GWB-NOTEBOOK-REQUEST'
  | 'GWB-NOTEBOOK-AUTH'
  | 'GWB-NOTEBOOK-ORIGIN'
  | 'GWB-NOTEBOOK-NOT-FOUND'
  | 'GWB-NOTEBOOK-NO-CLOUD'
  | 'GWB-NOTEBOOK-WORKSPACE-STATE';

const statusOf: Record<NotebookErrorCode, number> = {
  'GWB-NOTEBOOK-FORMAT': 400,
  'GWB-NOTEBOOK-EDIT': 400,
  'GWB-NOTEBOOK-CONFLICT': 409,
  'GWB-NOTEBOOK-FILE': 400,
  'GWB-NOTEBOOK-REQUEST': 400,
  'GWB-NOTEBOOK-AUTH': 401,
  'GWB-NOTEBOOK-ORIGIN': 403,
  'GWB-NOTEBOOK-NOT-FOUND': 404,
  'GWB-NOTEBOOK-NO-CLOUD': 409,
  'GWB-NOTEBOOK-WORKSPACE-STATE': 409,
};

export class NotebookError extends Error {
  readonly status: number;

  constructor(
    readonly code: NotebookErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'NotebookError';
    this.status = statusOf[code];
  }
}
