import { confirmOptionsProblem, normalizeConfirmOptions } from './confirm-options';
import type { ConfirmOptions, Dialogs } from './types';

/** How the app shows a confirmation: it receives checked options, `destructive` set. */
export interface HostDialogs {
  confirm(options: Required<ConfirmOptions>): Promise<boolean>;
}

/**
 * A plugin's {@link Dialogs}: options checked before the app sees them, refused once the
 * plugin is no longer active (`refused` gives the error), and refused when the app has no
 * dialogs (a host without a screen, such as a test's).
 */
export function scopeDialogs(host: HostDialogs | undefined, refused: () => Error | null): Dialogs {
  return Object.freeze({
    async confirm(options: ConfirmOptions): Promise<boolean> {
      const stop = refused();
      if (stop !== null) throw stop;
      const problem = confirmOptionsProblem(options);
      if (problem !== null) throw new TypeError(`Invalid confirm dialog: ${problem}`);
      if (host === undefined) throw new TypeError('This app shows no dialogs');
      return (await host.confirm(normalizeConfirmOptions(options))) === true;
    },
  });
}
