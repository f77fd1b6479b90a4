import type { MountProvider, PluginMount, PluginMountPlacement } from '../../plugin-api';
import type { StorageMount } from '../../storage/files/mounted-files';
import type { HostLog } from '../host-log';
import { messageOf } from '../host-log';
import type { ServerRegistry } from '../registry';

/** Mount providers (`ctx.mounts`): the nodes a share puts into another user's tree. */

/** Why a provider is invalid, or null. */
export function mountProviderProblem(provider: MountProvider): string | null {
  if (typeof provider.mounts !== 'function') return 'mounts must be a function';
  return provider.placementsOf !== undefined && typeof provider.placementsOf !== 'function' ? 'placementsOf must be a function' : null;
}

/**
 * The mounts of `uid`'s tree from every mount provider, with the owner's display name and
 * quota (`owner` looks them up; a mount whose owner is unknown is left out). A provider
 * that throws is logged with its plugin and gives none.
 */
export async function mountsFor(
  providers: ServerRegistry<MountProvider>,
  uid: string,
  owner: (uid: string) => Promise<{ displayName: string; quota: number } | null>,
  log: HostLog,
): Promise<StorageMount[]> {
  const out: StorageMount[] = [];
  for (const { owner: plugin, entry } of providers.list()) {
    let mounts: readonly PluginMount[];
    try {
      mounts = await entry.mounts(uid);
    } catch (error) {
      log.error(`[plugin ${plugin}] the mount provider "${entry.id}" failed: ${messageOf(error)}`);
      continue;
    }
    for (const mount of mounts) {
      const user = await owner(mount.owner);
      if (!user || typeof mount.path !== 'string' || mount.path === '/' || !mount.path.startsWith('/')) continue;
      out.push({ ...mount, ownerDisplayName: user.displayName, ownerQuota: user.quota });
    }
  }
  return out;
}

/**
 * Where nodes of `owner`'s tree are mounted in other users' trees, from every mount
 * provider that tells (`placementsOf`). A provider that throws is logged with its plugin and
 * gives none.
 */
export async function placementsOf(providers: ServerRegistry<MountProvider>, owner: string, log: HostLog): Promise<PluginMountPlacement[]> {
  const out: PluginMountPlacement[] = [];
  for (const { owner: plugin, entry } of providers.list()) {
    if (entry.placementsOf === undefined) continue;
    try {
      for (const placement of await entry.placementsOf(owner)) {
        if (placement.uid === owner || typeof placement.path !== 'string' || placement.path === '/' || !placement.path.startsWith('/')) continue;
        out.push({ uid: placement.uid, path: placement.path, fileid: placement.fileid });
      }
    } catch (error) {
      log.error(`[plugin ${plugin}] the mount provider "${entry.id}" failed to give its placements: ${messageOf(error)}`);
    }
  }
  return out;
}
