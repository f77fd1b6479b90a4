/**
 * The import boundaries of docs/architecture.md, proved against the real
 * eslint.config.js: every wrong-way import fails with its rule's message
 * (static, dynamic `import()`, `require()` and `import('…')` types alike), and
 * the allowed imports pass.
 */
import { beforeAll, describe, expect, it } from '@jest/globals';
import { ESLint } from 'eslint';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

const PROTOCOL_OURS = 'The protocol package imports nothing of ours (docs/architecture.md).';
const PROTOCOL_NO_LIBRARY = 'The protocol package imports no library and no Node module: it runs unchanged in the browser and on the server (docs/architecture.md).';
const PROTOCOL_NO_DOM_OR_NODE = 'The protocol package uses no DOM and no Node API: it runs unchanged in the browser and on the server (docs/architecture.md).';
const SDK_OURS = 'The SDK imports only @cumulus/protocol of ours (docs/architecture.md).';
const SDK_NO_REACT = 'The SDK has no React and no store (docs/architecture.md).';
const PLUGIN_ONLY_SDK = 'A plugin imports only @cumulus/sdk (docs/architecture.md).';
const PLUGIN_SDK_SURFACE = 'A plugin imports the SDK only through its public surface, @cumulus/sdk (docs/architecture.md).';
const REMOTES_ONLY_SDK = '@cumulus/remotes imports only the SDK and @cumulus/protocol (docs/architecture.md).';
const SERVER_NO_FRONT_END = 'The server never imports the front end; what it shares with it is in @cumulus/protocol (docs/architecture.md).';
const PLUGIN_SERVER_ONLY_API = "A plugin's server part imports only @cumulus/server/plugin-api (docs/architecture.md).";
const PLUGIN_API_ALONE = "The server's plugin contract imports nothing else of the server (docs/architecture.md).";
const SHELL_NO_SERVER_OR_PLUGIN = 'The shell imports the SDK, remotes and the protocol, never the server or a plugin (docs/architecture.md).';
const SCRIPTS_BY_NAME = "scripts/ import our packages by name, never a package's src/ (docs/architecture.md).";
const PLUGIN_TESTS = "A plugin's tests import only their plugin, the server and tests/support (docs/architecture.md).";
const SHELL_KIT = "The shell's kit (lib, ui, i18n, services, plugin-host) imports no tier above it: model, operations, surfaces, app (docs/architecture.md).";
const SHELL_MODEL = "The shell's model imports only the kit and itself, never operations, surfaces or app (docs/architecture.md).";
const SHELL_MODEL_NO_JSX = "The shell's model renders nothing: no JSX, that is for surfaces (docs/architecture.md).";
const SHELL_OPERATIONS = "The shell's operations import the model and the kit, never surfaces or app (docs/architecture.md).";
const SHELL_SURFACES = "The shell's surfaces import the tiers below them, never app (docs/architecture.md).";

/** A file inside each package, as lint sees it (it need not exist). */
const FILE = {
  protocol: 'protocol/src/manifest/example.ts',
  sdk: 'sdk/src/node/example.ts',
  plugin: 'plugins/hello/src/example.ts',
  thirdParty: 'examples/third-party-plugin/src/example.ts',
  pluginServer: 'plugins/hello/server/example.ts',
  pluginTest: 'plugins/hello/tests/e2e/example.test.ts',
  pluginTestTop: 'plugins/hello/tests/example.test.ts',
  pluginApi: 'server/src/plugin-api/example.ts',
  remotes: 'remotes/src/loader/example.ts',
  server: 'server/src/api/example.ts',
  shell: 'shell/src/app/example.ts',
  scripts: 'scripts/i18n/example.ts',
  shellUi: 'shell/src/ui/icons/example.ts',
  shellLib: 'shell/src/lib/upload/example.ts',
  shellServices: 'shell/src/services/dav/example.ts',
  shellPluginHost: 'shell/src/plugin-host/example.ts',
  shellModel: 'shell/src/model/nodes/example.ts',
  shellOperations: 'shell/src/operations/rename/example.ts',
  shellSurfaces: 'shell/src/surfaces/filelist/example.ts',
  shellModelTest: 'shell/src/model/nodes/example.test.ts',
} as const;

const escape = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({ cwd: ROOT });
});

/** The rules that carry the boundaries. */
const BOUNDARY_RULES = new Set(['no-restricted-imports', 'no-restricted-syntax', 'no-restricted-globals']);

/** What lint says of `code` as the file `file`: every message, or only the boundary rules' ones. */
async function lint(file: string, code: string, only: 'all' | 'boundaries' = 'all'): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, file) });
  return (result?.messages ?? [])
    .filter((message) => only === 'all' || BOUNDARY_RULES.has(message.ruleId ?? ''))
    .map((message) => message.message);
}

/** The ways the code base may import, each written so nothing but a boundary could complain. */
const esmImportsOf = (source: string): [string, string][] => [
  ['a static import', `import * as target from '${source}';\nexport { target };\n`],
  ['a re-export', `export * from '${source}';\n`],
  ['a dynamic import()', `export const load = () => import('${source}');\n`],
  ['a template-literal import()', `export const load = () => import(\`${source}\`);\n`],
];

/** Every way of reaching `source`, also those other rules refuse anyway (so only the boundary rules are read). */
const importsOf = (source: string): [string, string][] => [
  ...esmImportsOf(source),
  ['require()', `export const load = () => require('${source}');\n`],
  ['an import() type', `export type Target = typeof import('${source}');\n`],
];

/** [package, wrong-way source, expected message] */
const forbidden: [keyof typeof FILE, string, string][] = [
  ['protocol', '@cumulus/sdk', PROTOCOL_OURS],
  ['protocol', '@cumulus/remotes', PROTOCOL_OURS],
  ['protocol', '@cumulus/server/plugin-api', PROTOCOL_OURS],
  ['protocol', '@cumulus/shell', PROTOCOL_OURS],
  ['protocol', '@cumulus/plugin-hello', PROTOCOL_OURS],
  ['protocol', '../../../sdk/src/node/permissions', PROTOCOL_OURS],
  ['protocol', '../../../server/src/i18n/languages', PROTOCOL_OURS],
  ['protocol', 'node:fs', PROTOCOL_NO_LIBRARY],
  ['protocol', 'path', PROTOCOL_NO_LIBRARY],
  ['protocol', 'react', PROTOCOL_NO_LIBRARY],
  ['protocol', 'kysely', PROTOCOL_NO_LIBRARY],
  ['sdk', '@cumulus/shell', SDK_OURS],
  ['sdk', '../../../shell/src/app/store', SDK_OURS],
  ['sdk', '@cumulus/remotes', SDK_OURS],
  ['sdk', '@cumulus/server', SDK_OURS],
  ['sdk', '@cumulus/plugin-hello', SDK_OURS],
  ['sdk', '../../../plugins/hello/src/index', SDK_OURS],
  ['sdk', 'react', SDK_NO_REACT],
  ['sdk', 'react/jsx-runtime', SDK_NO_REACT],
  ['sdk', 'react-dom/client', SDK_NO_REACT],
  ['sdk', 'react-redux', SDK_NO_REACT],
  ['sdk', '@reduxjs/toolkit', SDK_NO_REACT],
  ['sdk', 'redux', SDK_NO_REACT],
  ['plugin', '@cumulus/shell', PLUGIN_ONLY_SDK],
  ['plugin', '@cumulus/remotes', PLUGIN_ONLY_SDK],
  ['plugin', '@cumulus/protocol', PLUGIN_ONLY_SDK],
  ['plugin', '@cumulus/server', PLUGIN_ONLY_SDK],
  ['plugin', '@cumulus/plugin-other', PLUGIN_ONLY_SDK],
  ['plugin', '../../other/src/index', PLUGIN_ONLY_SDK],
  ['plugin', '../../../shell/src/bootstrap', PLUGIN_ONLY_SDK],
  ['plugin', '../../../sdk/src/node/permissions', PLUGIN_SDK_SURFACE],
  ['plugin', '@cumulus/sdk/src/node/permissions', PLUGIN_SDK_SURFACE],
  ['plugin', '@cumulus/sdk/versions', PLUGIN_SDK_SURFACE],
  ['thirdParty', '@cumulus/shell', PLUGIN_ONLY_SDK],
  ['thirdParty', '@cumulus/sdk/src/node/permissions', PLUGIN_SDK_SURFACE],
  ['plugin', '@cumulus/server/plugin-api', PLUGIN_ONLY_SDK],
  ['pluginServer', '@cumulus/server', PLUGIN_SERVER_ONLY_API],
  ['pluginServer', '@cumulus/server/src/app', PLUGIN_SERVER_ONLY_API],
  ['pluginServer', '@cumulus/server/plugin-api/types', PLUGIN_SERVER_ONLY_API],
  ['pluginServer', '../../../server/src/plugin-api', PLUGIN_SERVER_ONLY_API],
  ['pluginServer', '@cumulus/sdk', PLUGIN_SERVER_ONLY_API],
  ['pluginServer', '@cumulus/shell', PLUGIN_SERVER_ONLY_API],
  ['pluginServer', '@cumulus/remotes/manifest', PLUGIN_SERVER_ONLY_API],
  ['pluginServer', '@cumulus/protocol', PLUGIN_SERVER_ONLY_API],
  ['pluginServer', '@cumulus/plugin-other', PLUGIN_SERVER_ONLY_API],
  ['pluginServer', '../../other/server/index', PLUGIN_SERVER_ONLY_API],
  ['pluginServer', '../../other/src/index', PLUGIN_SERVER_ONLY_API],
  ['pluginTest', '@cumulus/shell', PLUGIN_TESTS],
  ['pluginTest', '../../../../shell/src/bootstrap', PLUGIN_TESTS],
  ['pluginTest', '@cumulus/remotes', PLUGIN_TESTS],
  ['pluginTest', '@cumulus/plugin-other', PLUGIN_TESTS],
  ['pluginTest', '../../../other/src/index', PLUGIN_TESTS],
  ['pluginTest', '../../../../tests/e2e/sharing.test', PLUGIN_TESTS],
  ['pluginTest', '../../../../tests/server/trash-shares.test', PLUGIN_TESTS],
  ['pluginTest', '../../../../tests/supporting/helpers', PLUGIN_TESTS],
  ['pluginTest', '../../../other/server/index', PLUGIN_TESTS],
  ['pluginTestTop', '../../other/src/index', PLUGIN_TESTS],
  ['pluginTestTop', '../../../tests/e2e/sharing.test', PLUGIN_TESTS],
  ['pluginApi', '../storage/types', PLUGIN_API_ALONE],
  ['pluginApi', '../app', PLUGIN_API_ALONE],
  ['pluginApi', '@cumulus/server', PLUGIN_API_ALONE],
  ['remotes', '@cumulus/shell', REMOTES_ONLY_SDK],
  ['remotes', '@cumulus/server', REMOTES_ONLY_SDK],
  ['remotes', '@cumulus/plugin-hello', REMOTES_ONLY_SDK],
  ['server', '@cumulus/shell', SERVER_NO_FRONT_END],
  ['server', '@cumulus/sdk', SERVER_NO_FRONT_END],
  ['server', '../../../sdk/src/node/permissions', SERVER_NO_FRONT_END],
  ['server', '@cumulus/plugin-hello', SERVER_NO_FRONT_END],
  ['server', '@cumulus/remotes', SERVER_NO_FRONT_END],
  ['server', '@cumulus/remotes/manifest', SERVER_NO_FRONT_END],
  ['server', '../../../remotes/src/loader/loadPlugins', SERVER_NO_FRONT_END],
  ['pluginApi', '@cumulus/remotes', SERVER_NO_FRONT_END],
  ['shell', '@cumulus/server', SHELL_NO_SERVER_OR_PLUGIN],
  ['shell', '../../../server/src/app', SHELL_NO_SERVER_OR_PLUGIN],
  ['shell', '@cumulus/plugin-hello', SHELL_NO_SERVER_OR_PLUGIN],
  ['shell', '../../../plugins/hello/src/index', SHELL_NO_SERVER_OR_PLUGIN],
  ['scripts', '../../server/src/i18n/languages', SCRIPTS_BY_NAME],
  ['scripts', '../../shell/src/i18n/languages', SCRIPTS_BY_NAME],
  ['scripts', '../../sdk/src/plugin/translations', SCRIPTS_BY_NAME],
  ['scripts', '../../protocol/src/languages', SCRIPTS_BY_NAME],
  ['scripts', '@cumulus/server/src/i18n/languages', SCRIPTS_BY_NAME],
  // The shell's tiers, each importing only downwards.
  ['shellUi', '../../model/store/hooks', SHELL_KIT],
  ['shellUi', '../../operations/rename/renameNode', SHELL_KIT],
  ['shellUi', '../../surfaces/filelist/FileList', SHELL_KIT],
  ['shellUi', '../../app/store', SHELL_KIT],
  ['shellUi', '../../bootstrap', SHELL_KIT],
  ['shellLib', '../../model/uploads/uploadsSlice', SHELL_KIT],
  ['shellServices', '../../surfaces/header/FilesHeader', SHELL_KIT],
  ['shellPluginHost', '../app/App', SHELL_KIT],
  ['shellUi', '@cumulus/server', SHELL_NO_SERVER_OR_PLUGIN],
  ['shellModel', '../../operations/rename/renameNode', SHELL_MODEL],
  ['shellModel', '../../surfaces/sidebar/Sidebar', SHELL_MODEL],
  ['shellModel', '../../app/listeners', SHELL_MODEL],
  ['shellModel', '@cumulus/plugin-hello', SHELL_NO_SERVER_OR_PLUGIN],
  ['shellOperations', '../../surfaces/menus/ContextMenu', SHELL_OPERATIONS],
  ['shellOperations', '../../app/corePlugin', SHELL_OPERATIONS],
  ['shellOperations', '../../../../server/src/app', SHELL_NO_SERVER_OR_PLUGIN],
  ['shellSurfaces', '../../app/routing/routes', SHELL_SURFACES],
  ['shellSurfaces', '../../bootstrap', SHELL_SURFACES],
  ['shellSurfaces', '@cumulus/plugin-hello', SHELL_NO_SERVER_OR_PLUGIN],
];

/** [package, code using a global, expected message]: the protocol package runs on both sides, so it uses neither side's own API. */
const forbiddenGlobals: [keyof typeof FILE, string, string][] = [
  ['protocol', 'export const title = () => document.title;\n', PROTOCOL_NO_DOM_OR_NODE],
  ['protocol', 'export const width = () => window.innerWidth;\n', PROTOCOL_NO_DOM_OR_NODE],
  ['protocol', "export const kept = () => localStorage.getItem('a');\n", PROTOCOL_NO_DOM_OR_NODE],
  ['protocol', 'export const env = () => process.env;\n', PROTOCOL_NO_DOM_OR_NODE],
  ['protocol', "export const bytes = () => Buffer.from('a');\n", PROTOCOL_NO_DOM_OR_NODE],
  ['protocol', "export const read = () => fetch('/a');\n", PROTOCOL_NO_DOM_OR_NODE],
];

/** [package, allowed source] */
const allowed: [keyof typeof FILE, string][] = [
  ['protocol', './types'],
  ['protocol', '../ids'],
  ['sdk', '@cumulus/protocol'],
  ['remotes', '@cumulus/protocol'],
  ['server', '@cumulus/protocol'],
  ['pluginApi', '@cumulus/protocol'],
  ['shell', '@cumulus/protocol'],
  ['scripts', '@cumulus/protocol'],
  ['scripts', './languages'],
  ['scripts', 'node:fs'],
  ['sdk', '../registry/types'],
  ['sdk', 'node:path'],
  ['plugin', '@cumulus/sdk'],
  ['plugin', '@cumulus/sdk/version'],
  ['thirdParty', '@cumulus/sdk'],
  ['thirdParty', '@cumulus/sdk/version'],
  ['plugin', './icons'],
  ['plugin', 'react'],
  ['pluginServer', '@cumulus/server/plugin-api'],
  ['pluginServer', './routes'],
  ['pluginServer', 'node:path'],
  ['pluginTest', '../../../../server/src/app'],
  ['pluginTest', '@cumulus/server'],
  ['pluginTest', '../../../../tests/support/browser'],
  ['pluginTest', '../../../../tests/server/helpers'],
  ['pluginTest', '../../../../tests/conformance/server'],
  ['pluginTest', '../../../../tests/conformance/rclone-env'],
  ['pluginTest', '../../server/items'],
  ['pluginTest', '../../src/index'],
  ['pluginTest', '@cumulus/sdk'],
  ['pluginTest', 'playwright-core'],
  ['pluginTestTop', '../../../server/src/app'],
  ['pluginTestTop', '../../../tests/support/browser'],
  ['pluginTestTop', '../server/items'],
  ['pluginApi', './types'],
  ['remotes', '@cumulus/sdk'],
  ['remotes', '@module-federation/enhanced/runtime'],
  ['server', 'fastify'],
  ['shell', '@cumulus/sdk'],
  ['shell', '@cumulus/remotes'],
  ['shell', 'react'],
  ['shell', '../surfaces/filelist/FileList'],
  ['shell', '../model/store/hooks'],
  ['shellUi', '../ServicesContext'],
  ['shellUi', '../../lib/upload/engine'],
  ['shellUi', '../../services/types'],
  ['shellLib', '../../ui/styles'],
  ['shellPluginHost', '../ui/ServicesContext'],
  ['shellModel', '../folder/selectors'],
  ['shellModel', '../../ui/toasts/toasts'],
  ['shellModel', '../../lib/upload/engine'],
  ['shellOperations', '../../model/nodes/nodesSlice'],
  ['shellOperations', '../actions/runPool'],
  ['shellOperations', '../../ui/ModalDialog'],
  ['shellSurfaces', '../../operations/rename/RenameField'],
  ['shellSurfaces', '../../model/folder/selectors'],
  ['shellSurfaces', '../header/FilesHeader'],
  // A tier's tests may build the whole app.
  ['shellModelTest', '../../test-support/renderShell'],
  ['shellModelTest', '../../app/store'],
];

describe('import boundaries', () => {
  describe.each(forbidden)('%s importing %s', (pkg, source, message) => {
    it.each(importsOf(source))('fails through %s', async (_how, code) => {
      // no-restricted-imports puts the import before the message: "'x' import is restricted … <message>".
      await expect(lint(FILE[pkg], code, 'boundaries')).resolves.toEqual([expect.stringMatching(new RegExp(`(^| )${escape(message)}$`))]);
    });
  });

  describe.each(allowed)('%s importing %s', (pkg, source) => {
    it.each(esmImportsOf(source))('passes through %s', async (_how, code) => {
      await expect(lint(FILE[pkg], code)).resolves.toEqual([]);
    });
  });

  describe.each(forbiddenGlobals)('%s using a global: %s', (pkg, code, message) => {
    it('fails', async () => {
      await expect(lint(FILE[pkg], code, 'boundaries')).resolves.toEqual([expect.stringMatching(new RegExp(`(^| )${escape(message)}$`))]);
    });
  });

  it('lets the protocol package use what both sides have (URL, JSON, Intl, timers)', async () => {
    await expect(lint(FILE.protocol, "export const a = () => [new URL('https://a.example'), JSON.stringify(1), new Intl.PluralRules('de'), setTimeout(() => {}, 1)];\n")).resolves.toEqual([]);
  });

  it("refuses JSX in the shell's model, in elements and fragments alike", async () => {
    const file = 'shell/src/model/nodes/example.tsx';
    await expect(lint(file, 'export const row = <div />;\n', 'boundaries')).resolves.toEqual([SHELL_MODEL_NO_JSX]);
    await expect(lint(file, 'export const rows = <></>;\n', 'boundaries')).resolves.toEqual([SHELL_MODEL_NO_JSX]);
    await expect(lint('shell/src/surfaces/filelist/example.tsx', 'export const row = <div />;\n')).resolves.toEqual([]);
  });

  it('leaves the tests free to import anything', async () => {
    await expect(lint('tests/e2e/example.test.ts', "export * from '@cumulus/shell';\nexport * from '@cumulus/plugin-hello';\n")).resolves.toEqual([]);
  });
});
