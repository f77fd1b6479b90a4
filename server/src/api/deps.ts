import type { Kysely } from 'kysely';
import type { ServerConfig } from '../config';
import type { Accounts } from '../auth/accounts';
import type { FileService } from '../storage';
import type { PluginRuntime } from '../plugin-host';

/** What the JSON, OCS and preview routes need. */
export interface ApiDeps {
  config: ServerConfig;
  db: Kysely<unknown>;
  files: FileService;
  accounts: Accounts;
  plugins: PluginRuntime;
  /** Whether the process is stopping (SIGTERM): `status.php` then answers 503, so a health check takes it out. */
  draining?: () => boolean;
}
