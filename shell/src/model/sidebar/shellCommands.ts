import type { ShellCommands } from '@cumulus/sdk';
import type { AppDispatch } from '../store/storeTypes';
import { openDetails } from './openDetails';

/**
 * The shell's commands every entry receives as `ctx.shell`: opening the details sidebar goes
 * through `openDetails`, the same rules as the details action and a size or date click.
 */
export function shellCommandsFor(dispatch: AppDispatch): ShellCommands {
  return { openDetails: (node, tab) => dispatch(openDetails(node.source, tab)) };
}
