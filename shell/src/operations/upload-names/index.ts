/** The invalid-filename dialog of uploads: its mount point and the engine's decision through it. */
export { InvalidNameDialog } from './InvalidNameDialog';
export { askForUploadName } from './askForUploadName';
export { newUploadName } from './newUploadName';
export type { NewUploadName } from './newUploadName';
