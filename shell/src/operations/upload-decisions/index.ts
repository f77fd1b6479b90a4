/**
 * The decisions an upload asks of the user: give `createUploadDecisions(t)` to the upload
 * engine as its `decisions`. The dialogs that answer (`ConflictDialog`, `InvalidNameDialog`)
 * are mounted once with the file list's floating layer (`ActionsLayer`).
 */
export { createUploadDecisions } from './createUploadDecisions';
