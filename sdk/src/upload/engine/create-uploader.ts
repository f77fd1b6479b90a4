import type { Uploader, UploaderOptions } from './types';

/**
 * Creates an upload engine (see `Uploader` and the SDK README's "Upload
 * engine" section).
 */
export function createUploader(options: UploaderOptions): Uploader {
  void options;
  throw new Error('createUploader: the engine lands in the next commit');
}
