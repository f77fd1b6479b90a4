import { useMemo } from 'react';
import type { ShellCommands } from '@cumulus/sdk';
import { useAppDispatch } from '../../model/store/hooks';
import { openDetails } from '../../model/sidebar/openDetails';

/**
 * The shell's commands an indicator's or breadcrumb action's `exec` receives:
 * opening the details sidebar goes through `openDetails`, the same rules as
 * the details action and a size or date click.
 */
export function useShellCommands(): ShellCommands {
  const dispatch = useAppDispatch();
  return useMemo(() => ({ openDetails: (node, tab) => dispatch(openDetails(node.source, tab)) }), [dispatch]);
}
