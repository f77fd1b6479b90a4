// Jest runs in native ESM mode (NODE_OPTIONS=--experimental-vm-modules): webdav,
// react-router and nock's interceptors are ESM-only (docs/toolchain.md).
const tsJest = [
  'ts-jest',
  { useESM: true, isolatedModules: true, tsconfig: '<rootDir>/tsconfig.base.json' },
];

const common = {
  extensionsToTreatAsEsm: ['.ts', '.tsx'],
  transform: { '^.+\\.tsx?$': tsJest },
  moduleFileExtensions: ['ts', 'tsx', 'js', 'json'],
};

export default {
  // Tests and hooks (a global option: per project it is ignored): stopping a server (database,
  // background erases, its temporary data dir) can outlast jest's default 5 s on a loaded 2-core CI machine.
  testTimeout: 30_000,
  // One test file per core (jest's default leaves one core to itself, which on CI's 2 cores ran the
  // files one at a time while half the machine idled: the servers and browsers the files start are
  // separate processes, so jest's own process needs no core of its own).
  maxWorkers: '100%',
  reporters: ['default', '<rootDir>/tests/reporters/closing-line.js'],
  projects: [
    {
      ...common,
      displayName: 'unit',
      testEnvironment: 'node',
      setupFiles: ['<rootDir>/jest.setup.ts'],
      testMatch: ['<rootDir>/{protocol,sdk,remotes,shell,plugins,server}/**/*.test.{ts,tsx}'],
      // A plugin's tests/ folder holds its tests against the real server or a browser: the e2e project's.
      testPathIgnorePatterns: ['/node_modules/', '/dist/', '<rootDir>/plugins/[^/]+/tests/'],
    },
    {
      ...common,
      displayName: 'e2e',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/tests/**/*.test.ts', '<rootDir>/plugins/*/tests/**/*.test.ts'],
      testPathIgnorePatterns: ['/node_modules/', '/dist/'],
    },
  ],
};
