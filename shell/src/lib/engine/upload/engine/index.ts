/** The upload engine: queue, parallel jobs, plain and chunked uploads, retries, resume, folders, transports and the journal. */
export type * from './types';
export * from './create-uploader';
export { createXhrTransport, createFetchTransport } from './transport';
export type { XhrTransportOptions, FetchTransportOptions } from './transport';
export * from './journal';
export { createTimeSlicer, yieldToMain, SLICE_MS } from './time-slicer';
export { idBucket } from './item-buckets';
export type { TimeSlicer } from './time-slicer';
export { createUploadFolder, isUploadFolder, uploadTreeFromPaths } from './folder';
export {
  uploadErrorMessage,
  uploadErrorFromResponse,
  UploadResumeError,
  RESUME_MISMATCH_MESSAGE,
} from './errors';
