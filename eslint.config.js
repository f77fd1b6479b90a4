// Lint for the whole workspace. The import boundaries of ARCHITECTURE.md are
// enforced here, so a wrong-way import fails `npm test`.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

/** Patterns that reach into a package by relative path or by name. */
const reach = (names) =>
  names.flatMap((name) => [`@cumulus/${name}`, `@cumulus/${name}/*`, `**/${name}/src/*`, `**/${name}/src`]);

const boundary = (message, names, extraPatterns = []) => ({
  'no-restricted-imports': [
    'error',
    { patterns: [{ group: [...reach(names), ...extraPatterns], message }] },
  ],
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
    files: ['sdk/**'],
    rules: boundary('The SDK imports nothing of ours (ARCHITECTURE.md).', ['shell', 'server', 'remotes'], ['**/plugins/**', '**/tests/**']),
  },
  {
    files: ['plugins/**'],
    rules: boundary('A plugin imports only @cumulus/sdk (ARCHITECTURE.md).', ['shell', 'server', 'remotes'], ['../../*/src/**']),
  },
  {
    files: ['remotes/**'],
    rules: boundary('@cumulus/remotes imports only the SDK (ARCHITECTURE.md).', ['shell', 'server'], ['**/plugins/**']),
  },
  {
    files: ['server/**'],
    rules: boundary('The server never imports the front end (ARCHITECTURE.md).', ['shell', 'sdk'], ['**/plugins/**']),
  },
  {
    files: ['shell/**'],
    rules: boundary('The shell imports the SDK and remotes, never the server or a plugin (ARCHITECTURE.md).', ['server'], ['**/plugins/**']),
  },
);
