import { Permission } from '@cumulus/sdk';
import type { Node } from '@cumulus/sdk';
import { isUnderFiles } from './under-files';

/**
 * Whether the details action is enabled (product §5): exactly one node, in a
 * user's files space, with permissions other than none, and the sidebar
 * available.
 */
export function canShowDetails(nodes: readonly Node[], sidebarAvailable: boolean): boolean {
  const [node] = nodes;
  return sidebarAvailable && nodes.length === 1 && node !== undefined && isUnderFiles(node) && node.permissions !== Permission.NONE;
}
