/**
 * Thumbnails of PDFs (first page, pdftoppm) and videos (a frame, ffmpeg), against the real server:
 * real images of the size asked for, the MIME icon for a broken file (never a 500, never a stuck
 * render), file names with shell metacharacters harmless, the same access rules as image previews
 * (a stranger gets 404; a hide-download link only for the server's own pages), and without the
 * tools the icon and nc:has-preview false.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { forgetPreviewTools } from '../../server/src/api/preview-tools';
import type { TestServer } from './helpers';
import { ADMIN, basic, request, startTestServer } from './helpers';

const API = '/ocs/v2.php/apps/files_sharing/api/v1';
const FRANK = basic('frank', 'frank-password-1');
/** A name a shell would run commands from. */
const HOSTILE = "-x $(touch PWNED) `touch PWNED2`; rm -rf PWNED3 | & 'q\" >o.pdf";

/** A one-page PDF of 200 × 100 points with a filled rectangle, written by hand (with a correct xref table). */
export function minimalPdf(pages = 1): Buffer {
  const objects: string[] = [];
  const kids = Array.from({ length: pages }, (_, i) => `${4 + i * 2} 0 R`).join(' ');
  objects.push('<< /Type /Catalog /Pages 2 0 R >>');
  objects.push(`<< /Type /Pages /Kids [${kids}] /Count ${pages} >>`);
  objects.push('<< >>');
  for (let i = 0; i < pages; i += 1) {
    const content = `0.2 0.4 0.8 rg 10 10 180 80 re f BT /F1 12 Tf 20 50 Td (Page ${i + 1}) Tj ET`;
    objects.push(`<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 100] /Resources << /Font << /F1 << /Type /Font /Subtype /Type1 /BaseFont /Helvetica >> >> >> /Contents ${5 + i * 2} 0 R >>`);
    objects.push(`<< /Length ${content.length} >>\nstream\n${content}\nendstream`);
  }
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

let server: TestServer;
let scratch: string;
const IDS = new Map<string, number>();
const id = (path: string): number => IDS.get(path) ?? 0;
let hiddenLink = '';

const put = async (path: string, body: Buffer): Promise<void> => {
  const response = await request(server, `/remote.php/dav/files/admin${path.split('/').map(encodeURIComponent).join('/')}`, { method: 'PUT', headers: { authorization: ADMIN }, body: new Uint8Array(body) });
  expect(response.status).toBe(201);
  IDS.set(path, (await server.built.files.stat('admin', path))?.fileid ?? 0);
};

const preview = (fileid: number, query = 'x=64&y=64&a=1&mimeFallback=true', headers: Record<string, string> = { authorization: ADMIN }): Promise<Response> =>
  request(server, `/core/preview?fileId=${fileid}&${query}`, { headers });

async function dimensions(response: Response): Promise<[number | undefined, number | undefined, string | null]> {
  expect(response.status).toBe(200);
  const type = response.headers.get('content-type');
  const meta = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
  return [meta.width, meta.height, type];
}

beforeAll(async () => {
  forgetPreviewTools();
  scratch = await mkdtemp(join(tmpdir(), 'cumulus-preview-fixtures-'));
  const video = join(scratch, 'clip.mp4');
  execFileSync('ffmpeg', ['-nostdin', '-loglevel', 'error', '-f', 'lavfi', '-i', 'testsrc=size=320x240:rate=10', '-t', '2', '-pix_fmt', 'yuv420p', '-y', video]);
  // A web video (its index first: read through a pipe, no copy) beside the one above (index at the end: copied first).
  const web = join(scratch, 'web.mp4');
  execFileSync('ffmpeg', ['-nostdin', '-loglevel', 'error', '-f', 'lavfi', '-i', 'testsrc=size=240x320:rate=10', '-t', '2', '-pix_fmt', 'yuv420p', '-movflags', '+faststart', '-y', web]);
  server = await startTestServer({ pluginsDir: join(process.cwd(), 'plugins') });
  await server.built.accounts.users.create({ uid: 'frank', password: 'frank-password-1' });
  const clip = await readFile(video);
  await put('/doc.pdf', minimalPdf());
  await put('/clip.mp4', clip);
  await put('/web.mp4', await readFile(web));
  await put('/broken.pdf', Buffer.from('%PDF-1.4\nthis is no PDF at all\n%%EOF\n'));
  await put('/broken.mp4', Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypmp42 and then nothing of a video')]));
  await put(`/${HOSTILE}`, minimalPdf());
  await put('/-i.mp4', clip);
  const created = await request(server, `${API}/shares?format=json`, {
    method: 'POST', headers: { authorization: ADMIN, 'content-type': 'application/json', 'ocs-apirequest': 'true' }, body: JSON.stringify({ path: '/doc.pdf', shareType: 3 }),
  });
  const share = ((await created.json()) as { ocs: { data: { id: string; token: string } } }).ocs.data;
  hiddenLink = share.token;
  const hide = await request(server, `${API}/shares/${share.id}?format=json`, { method: 'PUT', headers: { authorization: ADMIN, 'content-type': 'application/json' }, body: JSON.stringify({ hideDownload: 'true' }) });
  expect(hide.status).toBe(200);
}, 60000);

afterAll(async () => {
  await server.stop();
  await rm(scratch, { recursive: true, force: true });
  forgetPreviewTools();
});

describe('PDF and video thumbnails', () => {
  it("draws a PDF's first page at the size asked for (200 × 100 points → 64 × 32)", async () => {
    expect(await dimensions(await preview(id('/doc.pdf')))).toEqual([64, 32, 'image/jpeg']);
    expect(await dimensions(await preview(id('/doc.pdf'), 'x=32&y=32&a=0'))).toEqual([32, 32, 'image/jpeg']);
  });

  it("draws a video's frame at the size asked for (320 × 240 → 64 × 48), and caches it", async () => {
    const [width, height, type] = await dimensions(await preview(id('/clip.mp4')));
    expect([width, height, type]).toEqual([64, 48, 'image/jpeg']);
    const frame = await sharp(Buffer.from(await (await preview(id('/clip.mp4'), 'x=160&y=160&a=1')).arrayBuffer())).stats();
    // testsrc is colour bars, not a black frame.
    expect(frame.channels.some((channel) => channel.max > 100)).toBe(true);
    const cached = await readdir(join(server.dataDir, 'previews', 'admin'));
    expect(cached.some((name) => name.startsWith(`${id('/clip.mp4')}-`) && name.endsWith('-64x64-a.jpg'))).toBe(true);
    expect(await dimensions(await preview(id('/web.mp4')))).toEqual([48, 64, 'image/jpeg']);
  });

  it('says nc:has-preview true for PDFs and videos', async () => {
    const listing = await request(server, '/remote.php/dav/files/admin/', {
      method: 'PROPFIND',
      headers: { authorization: ADMIN, depth: '1' },
      body: '<?xml version="1.0"?><d:propfind xmlns:d="DAV:" xmlns:nc="http://nextcloud.org/ns"><d:prop><nc:has-preview/></d:prop></d:propfind>',
    });
    const xml = await listing.text();
    for (const name of ['doc.pdf', 'clip.mp4']) {
      expect(new RegExp(`<d:href>/remote.php/dav/files/admin/${name}</d:href>[\\s\\S]*?<nc:has-preview>(\\w+)</nc:has-preview>`).exec(xml)?.[1]).toBe('true');
    }
  });

  it('answers the MIME icon for a broken PDF or video (404 without mimeFallback), never a 500, and keeps rendering after', async () => {
    const broken = await Promise.all(Array.from({ length: 6 }, (_, i) => preview(id(i % 2 ? '/broken.pdf' : '/broken.mp4'), `x=${40 + i}&y=40&a=1&mimeFallback=true`)));
    for (const response of broken) {
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('image/svg+xml');
      expect(await response.text()).toContain('<svg');
    }
    expect((await preview(id('/broken.pdf'), 'x=33&y=33')).status).toBe(404);
    // No render is left holding a slot: a good file still renders at once.
    const started = Date.now();
    expect(await dimensions(await preview(id('/doc.pdf'), 'x=50&y=50&a=1'))).toEqual([50, 25, 'image/jpeg']);
    expect(Date.now() - started).toBeLessThan(10000);
  }, 60000);

  it('renders files whose names hold shell metacharacters or look like options, and runs nothing from them', async () => {
    expect(await dimensions(await preview(id(`/${HOSTILE}`)))).toEqual([64, 32, 'image/jpeg']);
    expect(await dimensions(await preview(id('/-i.mp4')))).toEqual([64, 48, 'image/jpeg']);
    for (const dir of [process.cwd(), server.dataDir, join(server.dataDir, 'previews')]) {
      for (const name of ['PWNED', 'PWNED2', 'o.pdf']) expect(existsSync(join(dir, name))).toBe(false);
    }
    // The temporary copies are gone.
    expect((await readdir(join(server.dataDir, 'previews', '.render'))).length).toBe(0);
  });

  it('refuses a stranger (404, as for an id nobody has) and a hide-download link outside its own pages (403)', async () => {
    expect((await preview(id('/doc.pdf'), 'x=64&y=64&mimeFallback=true', { authorization: FRANK })).status).toBe(404);
    expect((await preview(id('/clip.mp4'), 'x=64&y=64&mimeFallback=true', { authorization: FRANK })).status).toBe(404);
    const pub = (headers: Record<string, string>): Promise<Response> => request(server, `/index.php/apps/files_sharing/publicpreview/${hiddenLink}?x=64&y=64&a=1`, { headers });
    expect((await pub({})).status).toBe(403);
    expect(await dimensions(await pub({ 'x-nc-preview': 'true' }))).toEqual([64, 32, 'image/jpeg']);
  });

  it('without pdftoppm and ffmpeg gives the icon and nc:has-preview false (the server still answers)', async () => {
    process.env.CUMULUS_PREVIEW_TOOLS = 'none';
    forgetPreviewTools();
    try {
      const icon = await preview(id('/doc.pdf'), 'x=70&y=70&mimeFallback=true');
      expect(icon.status).toBe(200);
      expect(icon.headers.get('content-type')).toBe('image/svg+xml');
      const listing = await request(server, '/remote.php/dav/files/admin/clip.mp4', {
        method: 'PROPFIND', headers: { authorization: ADMIN, depth: '0' },
        body: '<?xml version="1.0"?><d:propfind xmlns:d="DAV:" xmlns:nc="http://nextcloud.org/ns"><d:prop><nc:has-preview/></d:prop></d:propfind>',
      });
      expect(await listing.text()).toContain('<nc:has-preview>false</nc:has-preview>');
    } finally {
      delete process.env.CUMULUS_PREVIEW_TOOLS;
      forgetPreviewTools();
    }
  });
});
