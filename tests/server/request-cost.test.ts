import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ServerProcess } from '../support/serverProcess';
import { startServerProcess } from '../support/serverProcess';
import { ADMIN, ADMIN_PASSWORD } from './helpers';

/**
 * Requests whose cost a client chooses (a SEARCH pattern, the nesting of an XML body) must
 * stay cheap, so that one of them cannot stop the server answering everybody. The server
 * runs in its own process (`cumulus serve`): a stalled server must not stall the test that
 * measures it.
 */

/** How long a request may take here before the server counts as stalled (a busy machine included). */
const STALLED_MS = 20_000;

const NAME = 'quarterly-report-2026-final-v2.md'.slice(0, 32);

/** A SEARCH body with this condition (XML) in its d:where. */
function searchWhere(condition: string): string {
  return `<?xml version="1.0"?>
<d:searchrequest xmlns:d="DAV:" xmlns:oc="http://owncloud.org/ns">
  <d:basicsearch>
    <d:select><d:prop><d:displayname/></d:prop></d:select>
    <d:from><d:scope><d:href>/files/admin</d:href><d:depth>infinity</d:depth></d:scope></d:from>
    <d:where>${condition}</d:where>
  </d:basicsearch>
</d:searchrequest>`;
}

const like = (pattern: string): string => `<d:like><d:prop><d:displayname/></d:prop><d:literal>${pattern}</d:literal></d:like>`;

describe('requests of chosen cost', () => {
  let server: ServerProcess;
  let dataDir: string;
  const send = (method: string, path: string, body?: string, headers: Record<string, string> = {}): Promise<Response> =>
    fetch(server.url + path, { method, headers: { authorization: ADMIN, ...headers }, ...(body !== undefined ? { body } : {}), signal: AbortSignal.timeout(STALLED_MS) });
  const searchFor = (condition: string): Promise<Response> => send('SEARCH', '/remote.php/dav/', searchWhere(condition), { 'content-type': 'text/xml' });
  const search = (pattern: string): Promise<Response> => searchFor(like(pattern));

  /**
   * Runs `work` while asking the server for `/status.php` every 250 ms: a request that is
   * not answered within {@link STALLED_MS} fails the test (its fetch is aborted).
   */
  async function whileAnswering(work: Promise<unknown>): Promise<void> {
    let done = false;
    const probe = (async () => {
      while (!done) {
        const response = await fetch(`${server.url}/status.php`, { signal: AbortSignal.timeout(STALLED_MS) });
        expect(response.status).toBe(200);
        await response.text();
        await new Promise((wake) => setTimeout(wake, 250));
      }
    })();
    try {
      await work;
    } finally {
      done = true;
      await probe;
    }
  }

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'cumulus-request-cost-'));
    server = await startServerProcess(dataDir, { CUMULUS_ADMIN_PASSWORD: ADMIN_PASSWORD });
    expect((await send('PUT', `/remote.php/dav/files/admin/${NAME}`, 'x')).status).toBe(201);
    expect((await send('PUT', '/remote.php/dav/files/admin/other.txt', 'y')).status).toBe(201);
  }, 60_000);
  afterAll(async () => {
    // A stalled server would never stop on SIGTERM.
    await server.kill();
    await rm(dataDir, { recursive: true, force: true });
  }, 30_000);

  it.each([
    ['30 % and a character that never matches', `${'%'.repeat(30)}#`, 0],
    ['30 % and the name', `${'%'.repeat(30)}${NAME}`, 1],
    ['% between every character', `%${NAME.slice(0, 29).split('').join('%')}%`, 1],
    ['30 %_ pairs that fail at the end', `${'%_'.repeat(30)}#`, 0],
  ])('answers a LIKE of %s at once and keeps answering others', async (_label, pattern, hits) => {
    let body = '';
    await whileAnswering(
      (async () => {
        const response = await search(pattern);
        body = await response.text();
        expect(response.status).toBe(207);
      })(),
    );
    expect(body.split('<d:response>').length - 1).toBe(hits);
    if (hits) expect(body).toContain(NAME);
  }, 3 * STALLED_MS);

  it('matches LIKE as SQL does: _ is one character, % any run, \\ escapes, case ignored', async () => {
    const names = async (pattern: string): Promise<string[]> => {
      const response = await search(pattern);
      expect(response.status).toBe(207);
      return [...(await response.text()).matchAll(/<d:displayname>([^<]*)<\/d:displayname>/g)].map((m) => m[1] ?? '');
    };
    expect(await names('OTHER.TXT')).toEqual(['other.txt']);
    expect(await names('o_her.%')).toEqual(['other.txt']);
    expect(await names('o\\_her.%')).toEqual([]);
    expect(await names('%report%')).toEqual([NAME]);
    expect(await names('other.tx')).toEqual([]);
  }, STALLED_MS);

  it('refuses a pattern that is too long or has too many wildcards with 400 and a message', async () => {
    const long = await search('a'.repeat(1025));
    expect(long.status).toBe(400);
    expect(await long.text()).toContain('The search pattern is longer than 1024 characters');
    const wild = await search('%a'.repeat(65));
    expect(wild.status).toBe(400);
    expect(await wild.text()).toContain('The search pattern has more than 64 wildcards');
  }, STALLED_MS);

  it('bounds the conditions of one search: their count and the length of all patterns together', async () => {
    const or = (operands: string[]): string => `<d:or>${operands.join('')}</d:or>`;
    // d:or and 255 operands: 256 conditions.
    const most = await searchFor(or(Array.from({ length: 255 }, (_, i) => like(`%${i}%`))));
    expect(most.status).toBe(207);
    const tooMany = await searchFor(or(Array.from({ length: 256 }, (_, i) => like(`%${i}%`))));
    expect(tooMany.status).toBe(400);
    expect(await tooMany.text()).toContain('The search has more than 256 conditions');
    // Once a chain of 20,000 closures that overflowed the stack when tested.
    const flood = await searchFor(or(Array.from({ length: 20_000 }, () => '<d:is-collection/>')));
    expect(flood.status).toBe(400);
    const longPatterns = await searchFor(or(Array.from({ length: 5 }, () => like('x'.repeat(1000)))));
    expect(longPatterns.status).toBe(400);
    expect(await longPatterns.text()).toContain('The search patterns have more than 4096 characters in all');
  }, STALLED_MS);

  it('refuses a 1 MB body nesting <d:prop> 60,000 deep with 400 at once, 8 at a time, and keeps answering', async () => {
    const depth = 60_000;
    const body = `<?xml version="1.0"?><d:propfind xmlns:d="DAV:">${'<d:prop>'.repeat(depth)}${'</d:prop>'.repeat(depth)}</d:propfind>`;
    expect(body.length).toBeGreaterThan(1_000_000);
    expect(body.length).toBeLessThanOrEqual(1024 * 1024);
    const answers: { status: number; text: string }[] = [];
    await whileAnswering(
      Promise.all(
        Array.from({ length: 8 }, async () => {
          const response = await send('PROPFIND', '/remote.php/dav/files/admin/', body, { depth: '0', 'content-type': 'application/xml' });
          answers.push({ status: response.status, text: await response.text() });
        }),
      ),
    );
    for (const answer of answers) {
      expect(answer.status).toBe(400);
      expect(answer.text).toContain('nests elements deeper than 64 levels');
    }
    expect(server.child.exitCode).toBeNull();
  }, 3 * STALLED_MS);
});
