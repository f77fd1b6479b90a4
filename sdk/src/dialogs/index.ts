/** Dialogs the app shows for plugins (`ctx.dialogs`). */
export type { ConfirmOptions, Dialogs } from './types';
export type { HostDialogs } from './scope-dialogs';
