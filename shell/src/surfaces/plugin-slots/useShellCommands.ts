import { useMemo } from 'react';
import type { ShellCommands } from '@cumulus/sdk';
import { useAppDispatch } from '../../model/store/hooks';
import { shellCommandsFor } from '../../model/sidebar/shellCommands';

/** The shell's commands every entry receives as `ctx.shell` ({@link shellCommandsFor} of the store's dispatch), stable across renders. */
export function useShellCommands(): ShellCommands {
  const dispatch = useAppDispatch();
  return useMemo(() => shellCommandsFor(dispatch), [dispatch]);
}
