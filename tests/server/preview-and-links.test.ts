import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import sharp from 'sharp';
import type { TestServer } from './helpers';
import { ADMIN, basic, request, signIn, startTestServer } from './helpers';

describe('previews and file links', () => {
  let server: TestServer;
  let photo: number;
  let logo: number;
  let text: number;
  let folder: number;
  let broken: number;
  let heic: number;
  beforeAll(async () => {
    server = await startTestServer();
    const { files } = server.built;
    await files.ensureUserRoot('admin');
    const write = async (path: string, data: Buffer): Promise<number> => (await files.write('admin', path, Readable.from([data]), { quota: -1 })).entry.fileid;
    folder = (await files.mkdir('admin', '/Photos')).fileid;
    photo = await write('/Photos/wide.jpg', await sharp({ create: { width: 400, height: 200, channels: 3, background: '#3366cc' } }).jpeg().toBuffer());
    logo = await write('/logo.png', await sharp({ create: { width: 300, height: 300, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0.5 } } }).png().toBuffer());
    text = await write('/readme.txt', Buffer.from('hello'));
    broken = await write('/broken.jpg', Buffer.from('not really a jpeg'));
    heic = await write('/holiday.heic', Buffer.from('a HEIC photo sharp cannot decode'));
    await server.built.accounts.users.create({ uid: 'frank', password: 'frank-password' });
  });
  afterAll(() => server.stop());

  const preview = (query: string, authorization = ADMIN): Promise<Response> => request(server, `/core/preview?${query}`, { headers: { authorization } });

  it('crops an image to x × y with a=0', async () => {
    const response = await preview(`fileId=${photo}&x=32&y=32&a=0&mimeFallback=true`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/jpeg');
    const meta = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
    expect([meta.width, meta.height]).toEqual([32, 32]);
  });

  it('keeps the aspect ratio with a=1, and keeps transparency as PNG', async () => {
    const wide = await sharp(Buffer.from(await (await preview(`fileId=${photo}&x=128&y=128&a=1`)).arrayBuffer())).metadata();
    expect([wide.width, wide.height]).toEqual([128, 64]);
    const response = await preview(`fileId=${logo}&x=64&y=64&a=1`);
    expect(response.headers.get('content-type')).toBe('image/png');
    expect((await sharp(Buffer.from(await response.arrayBuffer())).metadata()).hasAlpha).toBe(true);
  });

  it('caches thumbnails on disk keyed by file id, etag and size', async () => {
    await preview(`fileId=${photo}&x=32&y=32&a=0`);
    const cached = await readdir(join(server.dataDir, 'previews', 'admin'));
    expect(cached.some((name) => name.startsWith(`${photo}-`) && name.endsWith('-32x32-c.jpg'))).toBe(true);
    const again = await preview(`fileId=${photo}&x=32&y=32&a=0`);
    expect(again.status).toBe(200);
  });

  it('gives a mime-type icon for other files with mimeFallback, else 404', async () => {
    const icon = await preview(`fileId=${text}&x=32&y=32&mimeFallback=true`);
    expect(icon.status).toBe(200);
    expect(icon.headers.get('content-type')).toBe('image/svg+xml');
    expect(await icon.text()).toContain('<svg');
    expect((await preview(`fileId=${text}&x=32&y=32`)).status).toBe(404);
    expect((await preview(`fileId=${folder}&x=32&y=32`)).status).toBe(404);
    expect((await preview(`fileId=${broken}&x=32&y=32&mimeFallback=true`)).headers.get('content-type')).toBe('image/svg+xml');
    expect((await preview(`fileId=${broken}&x=32&y=32`)).status).toBe(404);
  });

  it('says nc:has-preview exactly for the files /core/preview renders (not HEIC)', async () => {
    const listing = await request(server, '/remote.php/dav/files/admin/', {
      method: 'PROPFIND',
      headers: { authorization: ADMIN, depth: '1' },
      body: '<?xml version="1.0"?><d:propfind xmlns:d="DAV:" xmlns:nc="http://nextcloud.org/ns"><d:prop><nc:has-preview/></d:prop></d:propfind>',
    });
    const xml = await listing.text();
    const hasPreview = (name: string): string | undefined =>
      new RegExp(`<d:href>/remote.php/dav/files/admin/${name}</d:href>[\\s\\S]*?<nc:has-preview>(\\w+)</nc:has-preview>`).exec(xml)?.[1];
    expect(hasPreview('logo.png')).toBe('true');
    expect((await preview(`fileId=${logo}&x=32&y=32`)).status).toBe(200);
    expect(hasPreview('holiday.heic')).toBe('false');
    expect((await preview(`fileId=${heic}&x=32&y=32`)).status).toBe(404);
  });

  it('refuses bad parameters with 400', async () => {
    for (const query of ['x=32&y=32', 'fileId=abc', 'fileId=-1', `fileId=${photo}&x=0`, `fileId=${photo}&x=99999`, `fileId=${photo}&x=1e3`, `fileId=${photo}&a=yes`]) {
      expect((await preview(query)).status).toBe(400);
    }
  });

  it("never shows another user's file (404, or 'File not found' in the app) and needs a user (401)", async () => {
    expect((await preview(`fileId=${photo}&x=32&y=32`, basic('frank', 'frank-password'))).status).toBe(404);
    expect((await request(server, `/core/preview?fileId=${photo}`)).status).toBe(401);
    // Frank learns nothing: the app says 'File not found' as for an id nobody has.
    const frank = await request(server, `/f/${photo}`, { headers: { authorization: basic('frank', 'frank-password') } });
    expect(frank.status).toBe(302);
    expect(frank.headers.get('location')).toBe(`/apps/files/files/${photo}`);
  });

  it('/f/{fileid} opens the file in its folder, a folder as itself', async () => {
    const file = await request(server, `/f/${photo}`, { headers: { authorization: ADMIN } });
    expect(file.status).toBe(302);
    expect(file.headers.get('location')).toBe(`/apps/files/files/${photo}?dir=/Photos&openfile=true`);
    const top = await request(server, `/index.php/f/${text}`, { headers: { authorization: ADMIN } });
    expect(top.headers.get('location')).toBe(`/apps/files/files/${text}?dir=/&openfile=true`);
    const dir = await request(server, `/f/${folder}`, { headers: { authorization: ADMIN } });
    expect(dir.headers.get('location')).toBe(`/apps/files/files/${folder}?dir=/Photos`);
    const selectedOnly = await request(server, `/f/${photo}?openfile=false`, { headers: { authorization: ADMIN } });
    expect(selectedOnly.headers.get('location')).toBe(`/apps/files/files/${photo}?dir=/Photos`);
  });

  it('old app links keep their query and lead to the folder that holds the named file', async () => {
    // The app's page takes a browser session (it ignores Basic auth).
    const { cookie } = await signIn(server);
    const location = async (url: string) => (await request(server, url, { headers: { cookie } })).headers.get('location');
    // The forms of Nextcloud's pages, mails and bookmarks.
    expect(await location('/apps/files?dir=/Photos')).toBe('/apps/files/?dir=/Photos');
    expect(await location('/index.php/apps/files?dir=/Photos')).toBe('/apps/files/?dir=/Photos');
    expect(await location('/index.php/apps/files/?dir=/Photos&fileid=5')).toBe('/apps/files/?dir=/Photos&fileid=5');
    expect(await location('/index.php/apps/files/files/7?dir=/a')).toBe('/apps/files/files/7?dir=/a');
    // A file id with no folder, or the wrong one: the file's own folder.
    expect(await location(`/apps/files/?fileid=${photo}`)).toBe(`/apps/files/files/${photo}?dir=/Photos`);
    expect(await location(`/apps/files/?dir=/&fileid=${photo}&openfile=true`)).toBe(`/apps/files/files/${photo}?dir=/Photos&openfile=true`);
    expect(await location(`/apps/files/files/${photo}`)).toBe(`/apps/files/files/${photo}?dir=/Photos`);
    expect(await location(`/apps/files/files/${folder}?dir=/Elsewhere`)).toBe(`/apps/files/files/${folder}?dir=/Photos`);
    // Where the folder holds it, or the id is nobody's, the app's own route reads the link.
    for (const url of [`/apps/files/files/${photo}?dir=/Photos`, `/apps/files/files/${folder}?dir=/Photos`, `/apps/files/files/${folder}?dir=/`, `/apps/files/?dir=/Photos&fileid=${photo}`, '/apps/files/files/999999', `/apps/files/favorites/${photo}?dir=/`]) {
      expect(await location(url)).toBeNull();
    }
  });

  it('/f/ sends a browser without a session to sign in, and refuses a non-numeric id', async () => {
    const anonymous = await request(server, `/f/${photo}`);
    expect(anonymous.status).toBe(303);
    expect(anonymous.headers.get('location')).toBe(`/login?redirect_url=${encodeURIComponent(`/f/${photo}`)}`);
    expect((await request(server, '/f/abc', { headers: { authorization: ADMIN } })).status).toBe(400);
    const unknown = await request(server, '/f/999999', { headers: { authorization: ADMIN } });
    expect([unknown.status, unknown.headers.get('location')]).toEqual([302, '/apps/files/files/999999']);
  });
});
