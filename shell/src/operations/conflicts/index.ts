/** The conflict dialog of moves and uploads: its mount point and the ways to ask it. */
export { ConflictDialog } from './ConflictDialog';
export { requestConflictResolution } from './conflictStore';
export type { ConflictAnswer, ConflictEntry, ConflictRequest, ConflictVersion } from './conflictStore';
export { askUploadConflicts } from './uploadConflicts';
export { versionOfFile, versionOfNode } from './versions';
