/** Validation rules of spec §4, §5, §6 and §8: filenames, unique names, move/copy, drag and drop, upload, details, storage. */
export * from './filename';
export * from './rename';
export * from './unique-name';
