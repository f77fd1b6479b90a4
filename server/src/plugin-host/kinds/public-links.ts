import type { PublicLink, PublicLinkProvider } from '../../plugin-api';
import type { HostLog } from '../host-log';
import { messageOf } from '../host-log';
import type { ServerRegistry } from '../registry';

/** Public link providers (`ctx.publicLinks`): what a `/s/{token}` link opens. */

/** Why a provider is invalid, or null. */
export function publicLinkProviderProblem(provider: PublicLinkProvider): string | null {
  return typeof provider.resolve === 'function' ? null : 'resolve must be a function';
}

/** The public link of `token` from the first provider that knows it, or null (a provider that throws is logged). */
export async function resolvePublicLink(providers: ServerRegistry<PublicLinkProvider>, token: string, log: HostLog): Promise<PublicLink | null> {
  for (const { owner, entry } of providers.list()) {
    try {
      const link = await entry.resolve(token);
      if (link) return link;
    } catch (error) {
      log.error(`[plugin ${owner}] the public link provider "${entry.id}" failed: ${messageOf(error)}`);
    }
  }
  return null;
}
