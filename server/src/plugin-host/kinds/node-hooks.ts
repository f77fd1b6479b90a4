import type { NodeHook } from '../../plugin-api';
import type { NodeEventListener } from '../../storage/model/node-events';
import type { HostLog } from '../host-log';
import { messageOf } from '../host-log';
import { pluginNode } from '../plugin-node';
import type { ServerRegistry } from '../registry';

/** Node hooks (`ctx.nodeHooks`): run on the storage layer's node events. */

const HOOK_NAMES = ['created', 'changed', 'replacing', 'superseded', 'deleting', 'deleted', 'moved'] as const;

/** Why a hook is invalid, or null. */
export function hookProblem(hook: NodeHook): string | null {
  const given = HOOK_NAMES.filter((name) => hook[name] !== undefined);
  if (given.length === 0) return `it must have at least one of ${HOOK_NAMES.join(', ')}`;
  const wrong = given.find((name) => typeof hook[name] !== 'function');
  return wrong ? `${wrong} must be a function` : null;
}

/** The storage listener that runs the registered node hooks (added to a FileService's events). */
export function nodeHookListener(hooks: ServerRegistry<NodeHook>, log: HostLog): NodeEventListener {
  // After the fact: every hook runs; one that throws is logged with its plugin and the change stands.
  const run = async (event: string, call: (hook: NodeHook) => void | Promise<void> | undefined): Promise<void> => {
    for (const { owner, entry: hook } of hooks.list()) {
      try {
        await call(hook);
      } catch (error) {
        log.error(`[plugin ${owner}] the node hook "${hook.id}" failed on ${event}: ${messageOf(error)}`);
      }
    }
  };
  return {
    created: (uid, entry) => run('created', (hook) => hook.created?.(pluginNode(uid, entry))),
    changed: (uid, entry) => run('changed', (hook) => hook.changed?.(pluginNode(uid, entry))),
    deleted: (uid, entry) => run('deleted', (hook) => hook.deleted?.(pluginNode(uid, entry))),
    moved: (uid, entry, from) => run('moved', (hook) => hook.moved?.(pluginNode(uid, entry), from)),
    superseded: (uid, old, entry) => run('superseded', (hook) => hook.superseded?.(pluginNode(uid, old), pluginNode(uid, entry))),
    // Before the fact, as deleting: a hook that throws fails the write.
    replacing: async (uid, entry, by) => {
      for (const { entry: hook } of hooks.list()) await hook.replacing?.(pluginNode(uid, entry), { by: by.by });
    },
    deleting: async (uid, entry, by) => {
      for (const { entry: hook } of hooks.list()) {
        if (await hook.deleting?.(pluginNode(uid, entry), { deletedBy: by.deletedBy, path: by.path })) return true;
      }
      return false;
    },
  };
}
