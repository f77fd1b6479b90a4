/** The upload engine: queue, parallel jobs, plain and chunked uploads, retries, resume, folders, transports and the journal. */
export type * from './types';
export * from './create-uploader';
export { createXhrTransport, createFetchTransport } from './transport';
export type { XhrTransportOptions, FetchTransportOptions } from './transport';
export * from './journal';
export { createUploadFolder, isUploadFolder, uploadTreeFromPaths } from './folder';
export {
  uploadErrorMessage,
  uploadErrorFromResponse,
  UploadResumeError,
  RESUME_MISMATCH_MESSAGE,
} from './errors';
