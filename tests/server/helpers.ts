import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ServerConfig } from '../../server/src/config';
import type { StartedServer } from '../../server/src/app';
import { startServer } from '../../server/src/app';

/** The admin password the tests start servers with (as the server contract says). */
export const ADMIN_PASSWORD = 'admin-password';

/** A started server on a free port with its own temporary data dir, and a way to remove both. */
export interface TestServer extends StartedServer {
  dataDir: string;
  /** Stops the server and deletes its data dir. */
  stop(): Promise<void>;
}

/** Starts a server on 127.0.0.1, a free port and a fresh data dir; throttling delays are off unless given. */
export async function startTestServer(overrides: Partial<ServerConfig> = {}): Promise<TestServer> {
  const dataDir = await mkdtemp(join(tmpdir(), 'cumulus-server-test-'));
  const server = await startServer({
    dataDir,
    port: 0,
    adminPassword: ADMIN_PASSWORD,
    distDir: join(dataDir, 'no-dist'),
    throttleDelayMs: 0,
    ...overrides,
  });
  return {
    ...server,
    dataDir,
    async stop() {
      await server.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** An `Authorization: Basic` header. */
export function basic(user: string, password: string): string {
  return `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
}

/** The admin's Basic header. */
export const ADMIN = basic('admin', ADMIN_PASSWORD);

/** Fetches without following redirects. */
export function request(server: { url: string }, path: string, init: RequestInit = {}): Promise<Response> {
  return fetch(server.url + path, { redirect: 'manual', ...init });
}

/** The `name=value` pairs a response sets, by name. */
export function setCookies(response: Response): Map<string, { value: string; attributes: string }> {
  const cookies = new Map<string, { value: string; attributes: string }>();
  for (const line of response.headers.getSetCookie()) {
    const [pair = '', ...rest] = line.split(';');
    const eq = pair.indexOf('=');
    cookies.set(pair.slice(0, eq).trim(), { value: decodeURIComponent(pair.slice(eq + 1)), attributes: rest.join(';') });
  }
  return cookies;
}

/** A signed-in browser: its cookie header and CSRF token. */
export interface BrowserSession {
  cookie: string;
  requestToken: string;
}

/** Reads the sign-in form's hidden token and the pairing cookie. */
export async function openLoginForm(server: { url: string }): Promise<{ token: string; cookie: string }> {
  const page = await request(server, '/login');
  const html = await page.text();
  const token = /name="requesttoken" value="([^"]+)"/.exec(html)?.[1];
  const pairing = setCookies(page).get('cumulus_login');
  if (!token || !pairing) throw new Error('The sign-in page has no form token');
  return { token, cookie: `cumulus_login=${encodeURIComponent(pairing.value)}` };
}

/** Posts the sign-in form. */
export async function postLogin(server: { url: string }, user: string, password: string, extra: Record<string, string> = {}): Promise<Response> {
  const form = await openLoginForm(server);
  return request(server, '/login', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: form.cookie },
    body: new URLSearchParams({ user, password, requesttoken: form.token, ...extra }).toString(),
  });
}

/** Signs in through the form and returns the session cookie and CSRF token. */
export async function signIn(server: { url: string }, user = 'admin', password = ADMIN_PASSWORD): Promise<BrowserSession> {
  const response = await postLogin(server, user, password);
  const session = setCookies(response).get('cumulus_session');
  if (response.status !== 303 || !session) throw new Error(`Sign-in failed with ${response.status}`);
  const cookie = `cumulus_session=${encodeURIComponent(session.value)}`;
  const tokenResponse = await request(server, '/csrftoken', { headers: { cookie } });
  const { token } = (await tokenResponse.json()) as { token: string };
  return { cookie, requestToken: token };
}

/** Removes a directory tree (test clean-up). */
export const remove = (dir: string): Promise<void> => rm(dir, { recursive: true, force: true });
