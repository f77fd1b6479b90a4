/**
 * `npm ci` on the Node.js the project declares prints no EBADENGINE: every package in the
 * lockfile admits the lowest declared Node.js (cookie 2 and rechoir 1 wanted Node.js 22).
 */
import { describe, expect, it } from '@jest/globals';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkCheckout, engineProblems, lowestNode } from '../../scripts/engines/check-engines';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

describe('the engines of the lockfile', () => {
  it('every package admits the Node.js of package.json', () => {
    const { declared, problems } = checkCheckout(ROOT);
    expect(lowestNode(declared)).toMatch(/^20\./);
    expect(problems).toEqual([]);
  });

  it('names a package that wants a newer Node.js (as cookie 2.0.2 and rechoir 1.0.0 did)', () => {
    const lock = {
      packages: {
        '': { version: '0.1.0', engines: { node: '>=20.19' } },
        'node_modules/light-my-request/node_modules/cookie': { version: '2.0.2', engines: { node: '>=22' } },
        'node_modules/rechoir': { version: '1.0.0', engines: { node: '>= 22.15.0' } },
        'node_modules/cookie': { version: '1.1.1', engines: { node: '>=18' } },
        'node_modules/old': { version: '1.0.0', engines: ['node >= 0.4'] },
        'node_modules/vite-ish': { version: '7.0.0', engines: { node: '^20.19.0 || >=22.12.0' } },
      },
    };
    expect(engineProblems(lock, '>=20.19')).toEqual([
      { path: 'node_modules/light-my-request/node_modules/cookie', version: '2.0.2', wants: '>=22' },
      { path: 'node_modules/rechoir', version: '1.0.0', wants: '>= 22.15.0' },
    ]);
  });
});
