/** Validation rules of product §4, §5, §6 and §8: filenames, unique names, move/copy, drag and drop, upload, details, storage. */
export * from './filename';
export * from './rename';
export * from './unique-name';
export * from './under-files';
export * from './move-copy';
export * from './drag-drop';
export * from './upload-rules';
export * from './details';
export * from './storage';
