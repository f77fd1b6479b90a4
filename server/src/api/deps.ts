import type { Kysely } from 'kysely';
import type { ServerConfig } from '../config';
import type { Accounts } from '../auth/accounts';
import type { FileService } from '../storage';
import type { PluginRuntime } from '../plugin-host';
import type { StorageMount } from '../storage/files/mounted-files';
import type { PublicLinkAccess, PublicLinkGuard } from '../auth/public-links';

/** What the JSON, OCS and preview routes need. */
export interface ApiDeps {
  config: ServerConfig;
  db: Kysely<unknown>;
  files: FileService;
  accounts: Accounts;
  plugins: PluginRuntime;
  /** Whether the process is stopping (SIGTERM): `status.php` then answers 503, so a health check takes it out. */
  draining?: () => boolean;
  /** The mounts of a user's tree (received shares), for previews of what is shared with them. */
  mountsFor?: (uid: string) => Promise<StorageMount[]>;
  /** Public links (their resolver and password guard), for the public preview. */
  publicLinks?: { resolve(token: string): Promise<PublicLinkAccess | null>; guard: PublicLinkGuard };
}
