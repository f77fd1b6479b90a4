import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { PublicLink } from '../plugin-api';
import { parseBasicAuth } from './basic';
import { parseCookies } from './cookies';
import { headerValue } from './hook';
import { verifyPassword } from './passwords';
import type { ThrottleVerdict } from './throttle';
import { throttleVerdict } from './throttle';

/** A public link with what serving it needs of its owner. */
export interface PublicLinkAccess {
  token: string;
  link: PublicLink;
  ownerDisplayName: string;
  ownerQuota: number;
}

/** How long a password typed on the `/s/{token}` page lets the browser in (seconds). */
export const PUBLIC_AUTH_LIFETIME = 60 * 60;

/** The throttle of link passwords: the sign-in limits (`CUMULUS_THROTTLE_*`), per address and token. */
export interface PublicLinkLimits {
  maxFailures: number;
  /** Seconds. */
  window: number;
  delayMs: number;
}

/** The cookie that says the browser typed the link's password on its page. */
export function publicAuthCookie(token: string): string {
  return `cumulus_share_${token}`;
}

/** The cookie value: its expiry and an HMAC keyed with the stored password hash (a new password voids it). */
export function signPublicAuth(access: PublicLinkAccess, now: number): string {
  const expires = now + PUBLIC_AUTH_LIFETIME;
  return `${expires}.${mac(access, expires)}`;
}

function mac(access: PublicLinkAccess, expires: number): string {
  return createHmac('sha256', access.link.passwordHash ?? '').update(`${access.token}.${expires}`).digest('hex');
}

/** Whether the request carries a valid page cookie for this link. */
function cookieValid(request: FastifyRequest, access: PublicLinkAccess, now: number): boolean {
  const value = parseCookies(headerValue(request.headers.cookie)).get(publicAuthCookie(access.token));
  const [expiresText, given] = (value ?? '').split('.');
  const expires = Number(expiresText);
  if (!given || !Number.isSafeInteger(expires) || expires < now) return false;
  const wanted = Buffer.from(mac(access, expires));
  const got = Buffer.from(given);
  return got.length === wanted.length && timingSafeEqual(got, wanted);
}

/**
 * Password checks of public links, throttled per address and token like sign-ins
 * (`throttle.ts`): delays that double with each failure, then 429 until the window passes.
 * Kept in memory: a restart forgets failures, as a window would.
 */
export class PublicLinkGuard {
  private readonly failures = new Map<string, number[]>();

  constructor(private readonly limits: PublicLinkLimits = { maxFailures: 10, window: 600, delayMs: 200 }) {}

  /** The throttle's verdict for this address and token now. */
  verdict(ip: string, token: string, now: number): ThrottleVerdict {
    const times = (this.failures.get(`${ip} ${token}`) ?? []).filter((time) => time > now - this.limits.window);
    return throttleVerdict(times.length, times[0] ?? null, now, this.limits);
  }

  /**
   * Checks `password` against the link's (after the throttle's delay): true when it matches;
   * a failure is counted. `throttled` when the address must wait.
   */
  async check(ip: string, access: PublicLinkAccess, password: string): Promise<'ok' | 'wrong' | { throttled: number }> {
    const now = Math.floor(Date.now() / 1000);
    const verdict = this.verdict(ip, access.token, now);
    if (verdict.blocked) return { throttled: verdict.retryAfter };
    if (verdict.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, verdict.delayMs));
    if (access.link.passwordHash !== null && (await verifyPassword(access.link.passwordHash, password))) return 'ok';
    const key = `${ip} ${access.token}`;
    if (this.failures.size > 10000) for (const [old, times] of this.failures) if ((times.at(-1) ?? 0) <= now - this.limits.window) this.failures.delete(old);
    this.failures.set(key, [...(this.failures.get(key) ?? []).filter((time) => time > now - this.limits.window), now]);
    return 'wrong';
  }

  /**
   * Whether a request may use a link: open links always; protected ones with the page cookie
   * or HTTP Basic carrying the password (any user name, or for the legacy endpoint the token).
   */
  async admit(request: FastifyRequest, access: PublicLinkAccess): Promise<'ok' | 'denied' | { throttled: number }> {
    if (access.link.passwordHash === null) return 'ok';
    if (cookieValid(request, access, Math.floor(Date.now() / 1000))) return 'ok';
    const basic = parseBasicAuth(headerValue(request.headers.authorization));
    if (!basic) return 'denied';
    const result = await this.check(request.ip, access, basic.password);
    return result === 'wrong' ? 'denied' : result;
  }
}
