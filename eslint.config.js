// Lint for the whole workspace. The import boundaries of docs/architecture.md are
// enforced here, so a wrong-way import fails `npm test`;
// tests/lint/boundaries.test.ts proves each arrow.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

/**
 * Forbidden import sources, as regular expressions over the import string.
 * The same expression feeds `no-restricted-imports` (static imports and
 * re-exports) and `no-restricted-syntax` (`import()`, `require()` and
 * `import('…')` types, which that rule misses), so both always agree.
 */

/** One of our packages, by name or by reaching into its src/ by relative path. */
const ourPackage = (name) => `^@cumulus/${name}(/|$)|(^|/)${name}/src(/|$)`;

const SHELL = ourPackage('shell');
const SERVER = ourPackage('server');
const SDK = ourPackage('sdk');
const REMOTES = ourPackage('remotes');
const PROTOCOL = ourPackage('protocol');
/** Any plugin: its package (`@cumulus/plugin-<id>`) or its folder. */
const PLUGINS = '^@cumulus/plugin-|(^|/)plugins/';
/** From inside a plugin: another plugin, by package, by its folder, or as a sibling (`../../<other>/src`). */
const OTHER_PLUGINS = `${PLUGINS}|^\\.\\./\\.\\./[^/]+/src(/|$)`;
/**
 * The SDK past its public surface `@cumulus/sdk` (and `@cumulus/sdk/version`, the unshared
 * subpath a remote bundles to say which SDK it was built against): another subpath, or its
 * sources by path.
 */
const SDK_INTERNALS = '^@cumulus/sdk/(?!version$)|(^|/)sdk/src(/|$)';
/** The server except its plugin contract `@cumulus/server/plugin-api`, which is all a plugin's server part may use. */
const SERVER_BUT_PLUGIN_API = '^@cumulus/server(/(?!plugin-api$)|$)|(^|/)server/src(/|$)';
/** From inside a plugin's server part: another plugin's server part as a sibling (`../../<other>/server`). */
const OTHER_PLUGIN_SERVERS = '^\\.\\./\\.\\./[^/]+/server(/|$)';
/** Out of the folder the file is in, upwards. */
const UPWARDS = '^\\.\\.(/|$)';
/** Anything but a relative path or one of our packages: a library, `node:*` or a Node built-in. */
const LIBRARIES = '^(?!\\.\\.?(/|$)|@cumulus/)';
/** A package's sources reached by path, past its public entry. */
const ANY_SRC = '(^|/)(protocol|sdk|remotes|shell|server|plugins/[^/]+)/src(/|$)';
const TESTS = '(^|/)tests/';
/**
 * The repository's tests/ except what a plugin's own tests may use: tests/support, and the
 * servers the server and conformance suites start (tests/server/helpers, tests/conformance/server
 * with its rclone set-up and its small WebDAV client).
 */
const TESTS_BUT_SUPPORT = '(^|/)tests/(?!support/|server/helpers$|conformance/(server|rclone-env|dav-client)$)';
/** React and the store, which the SDK never uses. */
const REACT_AND_STORE = '^(react|react-dom|react-redux|redux|@reduxjs/toolkit)(/|$)';

/**
 * Globals only one of the two sides has (the DOM's, Node's), and the browser storage and I/O
 * that Node happens to share: what the protocol package must not use, so it runs unchanged
 * in the browser and on the server.
 */
const ONE_SIDED_GLOBALS = [
  ...new Set(
    [...Object.keys(globals.browser), ...Object.keys(globals.node)]
      .filter((name) => !Object.hasOwn(globals.builtin, name) && !(Object.hasOwn(globals.browser, name) && Object.hasOwn(globals.node, name)))
      .concat(['localStorage', 'sessionStorage', 'Storage', 'navigator', 'Navigator', 'fetch', 'WebSocket']),
  ),
  // require() is an import: the import rules name it.
].filter((name) => name !== 'require');

/**
 * The shell's tiers (docs/architecture.md, "The shell's tiers"), from the bottom up: the kit
 * (lib/, ui/, i18n/, services/, plugin-host/), model/, operations/, surfaces/, app/ (with
 * bootstrap.tsx). A relative import that climbs out (`../`) into a tier folder above is refused.
 */
const shellTier = (...folders) => `^(\\.\\./)+(${folders.join('|')})(/|$)`;
const ABOVE_KIT = shellTier('model', 'operations', 'surfaces', 'app', 'bootstrap');
const ABOVE_MODEL = shellTier('operations', 'surfaces', 'app', 'bootstrap');
const ABOVE_OPERATIONS = shellTier('surfaces', 'app', 'bootstrap');
const ABOVE_SURFACES = shellTier('app', 'bootstrap');
const SHELL_RULE = ['The shell imports the SDK, remotes and the protocol, never the server or a plugin (docs/architecture.md).', [SERVER, PLUGINS]];
/** A tier's tests may build the whole app (test-support's renderShell): the tier rules hold for its code. */
const SHELL_TESTS = ['shell/src/**/*.test.ts', 'shell/src/**/*.test.tsx'];

/** esquery ends a regex at the first `/`, so a slash inside one is written \u002F. */
const inSelector = (regex) => `/${regex.replaceAll('/', '\\u002F')}/`;

/**
 * The rules of one package's boundary.
 *
 * @param rules `[message, targets]` pairs: importing any target fails with the message
 */
const boundary = (...rules) => {
  const regexes = rules.map(([message, targets]) => [message, targets.map((target) => `(${target})`).join('|')]);
  return {
    'no-restricted-imports': ['error', { patterns: regexes.map(([message, regex]) => ({ regex, message })) }],
    'no-restricted-syntax': [
      'error',
      ...regexes.flatMap(([message, regex]) =>
        [
          `ImportExpression[source.value=${inSelector(regex)}]`,
          `ImportExpression[source.quasis.length=1][source.quasis.0.value.cooked=${inSelector(regex)}]`,
          `CallExpression[callee.name='require'][arguments.0.value=${inSelector(regex)}]`,
          `TSImportType[argument.literal.value=${inSelector(regex)}]`,
        ].map((selector) => ({ selector, message })),
      ),
    ],
  };
};

/**
 * The boundary of a plugin's tests `depth` folders below its tests/ folder. Another plugin as a
 * sibling is the plugins folder reached by relative path: `../` once per folder up to it.
 */
const pluginTestsAt = (depth) => ({
  files: [['plugins/*/tests', ...Array(depth).fill('*'), '*'].join('/')],
  rules: boundary([
    "A plugin's tests import only their plugin, the server and tests/support (docs/architecture.md).",
    [SHELL, REMOTES, OTHER_PLUGINS, `^(\\.\\./){${depth + 2}}(?!\\.\\./)`, TESTS_BUT_SUPPORT],
  ]),
});

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'coverage/**', 'tests/output/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // The bottom of the house: what both sides of HTTP agree on, imported by all, importing nothing.
    files: ['protocol/**'],
    // Its tests run in jest, on Node only.
    ignores: ['protocol/**/*.test.ts'],
    rules: {
      ...boundary(
        ['The protocol package imports nothing of ours (docs/architecture.md).', [SHELL, SERVER, SDK, REMOTES, PLUGINS, TESTS]],
        ['The protocol package imports no library and no Node module: it runs unchanged in the browser and on the server (docs/architecture.md).', [LIBRARIES]],
      ),
      'no-restricted-globals': [
        'error',
        ...ONE_SIDED_GLOBALS.map((name) => ({
          name,
          message: 'The protocol package uses no DOM and no Node API: it runs unchanged in the browser and on the server (docs/architecture.md).',
        })),
      ],
    },
  },
  {
    files: ['sdk/**'],
    rules: boundary(
      ['The SDK imports only @cumulus/protocol of ours (docs/architecture.md).', [SHELL, SERVER, REMOTES, PLUGINS, TESTS]],
      ['The SDK has no React and no store (docs/architecture.md).', [REACT_AND_STORE]],
    ),
  },
  {
    // First-party plugins, and the third-party example built apart from the workspace.
    files: ['plugins/**', 'examples/**'],
    rules: boundary(
      ['A plugin imports only @cumulus/sdk (docs/architecture.md).', [SHELL, SERVER, REMOTES, PROTOCOL, OTHER_PLUGINS]],
      ['A plugin imports the SDK only through its public surface, @cumulus/sdk (docs/architecture.md).', [SDK_INTERNALS]],
    ),
  },
  {
    // A plugin's server part: the server's plugin contract only (docs/architecture.md, "Plugins with a server part").
    // (The test fixtures' server parts are held to it too, so they show what a real one may do.)
    files: ['plugins/*/server/**', 'tests/fixtures/server-plugins/*/server/**'],
    rules: boundary([
      "A plugin's server part imports only @cumulus/server/plugin-api (docs/architecture.md).",
      [SERVER_BUT_PLUGIN_API, SHELL, SDK, REMOTES, PROTOCOL, OTHER_PLUGINS, OTHER_PLUGIN_SERVERS],
    ]),
  },
  // A plugin's own tests against the real server or a browser (plugins/<id>/tests/): the server
  // and tests/support besides their plugin; still no other plugin, shell or remotes, and no other test.
  ...[0, 1, 2].map(pluginTestsAt),
  {
    files: ['remotes/**'],
    rules: boundary(['@cumulus/remotes imports only the SDK and @cumulus/protocol (docs/architecture.md).', [SHELL, SERVER, PLUGINS]]),
  },
  {
    files: ['server/**'],
    rules: boundary(['The server never imports the front end; what it shares with it is in @cumulus/protocol (docs/architecture.md).', [SHELL, SDK, REMOTES, PLUGINS]]),
  },
  {
    // The contract plugins import stands alone, so no server internal leaks into a plugin.
    files: ['server/src/plugin-api/**'],
    rules: boundary(
      ['The server never imports the front end; what it shares with it is in @cumulus/protocol (docs/architecture.md).', [SHELL, SDK, REMOTES, PLUGINS]],
      ["The server's plugin contract imports nothing else of the server (docs/architecture.md).", [UPWARDS, SERVER]],
    ),
  },
  {
    files: ['shell/**'],
    rules: boundary(SHELL_RULE),
  },
  {
    files: ['shell/src/lib/**', 'shell/src/ui/**', 'shell/src/i18n/**', 'shell/src/services/**', 'shell/src/plugin-host/**'],
    ignores: SHELL_TESTS,
    rules: boundary(SHELL_RULE, [
      "The shell's kit (lib, ui, i18n, services, plugin-host) imports no tier above it: model, operations, surfaces, app (docs/architecture.md).",
      [ABOVE_KIT],
    ]),
  },
  {
    files: ['shell/src/model/**'],
    ignores: SHELL_TESTS,
    rules: (() => {
      const rules = boundary(SHELL_RULE, ["The shell's model imports only the kit and itself, never operations, surfaces or app (docs/architecture.md).", [ABOVE_MODEL]]);
      const message = "The shell's model renders nothing: no JSX, that is for surfaces (docs/architecture.md).";
      rules['no-restricted-syntax'].push({ selector: 'JSXElement', message }, { selector: 'JSXFragment', message });
      return rules;
    })(),
  },
  {
    files: ['shell/src/operations/**'],
    ignores: SHELL_TESTS,
    rules: boundary(SHELL_RULE, ["The shell's operations import the model and the kit, never surfaces or app (docs/architecture.md).", [ABOVE_OPERATIONS]]),
  },
  {
    files: ['shell/src/surfaces/**'],
    ignores: SHELL_TESTS,
    rules: boundary(SHELL_RULE, ["The shell's surfaces import the tiers below them, never app (docs/architecture.md).", [ABOVE_SURFACES]]),
  },
  {
    // The repository's scripts use the packages by name, as any other tool would.
    files: ['scripts/**'],
    rules: boundary(["scripts/ import our packages by name, never a package's src/ (docs/architecture.md).", [ANY_SRC]]),
  },
);
