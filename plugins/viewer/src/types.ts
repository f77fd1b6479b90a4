import type { Dialogs, Translate, ViewerContext } from '@cumulus/sdk';

/** What the plugin's viewers get besides the frame's context: its translations and dialogs. */
export interface ViewerDeps {
  t: Translate;
  dialogs: Dialogs;
  /** The CSRF token sent with writes (empty on a page without one). */
  requestToken: string;
}

/** A viewer's module, loaded when a file of its type is first opened. */
export type MountViewer = (ctx: ViewerContext, deps: ViewerDeps) => void | (() => void);
