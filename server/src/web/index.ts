import type { FastifyInstance } from 'fastify';
import { join } from 'node:path';
import type { ServerConfig } from '../config';
import type { Accounts } from '../auth/accounts';
import type { FileService } from '../storage';
import { prepareScope } from '../api/routes';
import { registerAccountPages } from './account-pages';
import { registerFileLink } from './file-link';
import { registerLogin } from './login';
import { registerShell } from './shell';
import type { PublicLinkPages } from './public-share';
import type { UserLanguage } from '../i18n/page-locale';
import { registerPublicSharePages } from './public-share';

/** What the browser-facing routes need. */
export interface WebDeps {
  config: ServerConfig;
  files: FileService;
  accounts: Accounts;
  /** Public links (the plugins'), for `/s/{token}`; without them those pages answer 404. */
  publicLinks?: PublicLinkPages;
  /** The user's language setting ('' when unset): signed-in pages follow it, else Accept-Language. */
  userLanguage?: UserLanguage;
}

/** Registers the sign-in page, sign-out, `/`, `/f/{fileid}`, the public link pages `/s/{token}` and the static front end, in their own scope. */
export function registerWeb(app: FastifyInstance, deps: WebDeps): void {
  app.register(async (scope) => {
    prepareScope(scope);
    registerLogin(scope, deps.accounts, deps.config.sessionLifetime, deps.userLanguage);
    registerFileLink(scope, deps.files);
    registerAccountPages(scope, deps.accounts, deps.userLanguage);
    if (deps.publicLinks) registerPublicSharePages(scope, deps.files, { userLanguage: deps.userLanguage, ...deps.publicLinks }, join(deps.config.distDir, 'shell'));
    registerShell(scope, deps.config.distDir, deps.files, { enableNonAccessibleFeatures: deps.config.enableNonAccessibleFeatures, userLanguage: deps.userLanguage });
  });
}
