import { listingCacheName } from '../../services/dav/listingCache';

/** The channel the tabs of one browser tell each other that the user signed out on. */
export const SESSION_CHANNEL = 'cumulus-session';
/** Where a signed-out tab goes: the sign-in page, with its 'You have been signed out.' notice. */
export const SIGNED_OUT_PAGE = '/login?loggedout';

/** What a signed-out tab stops (the live connection); registered at start. */
const cleanups = new Set<() => void>();
/** Whether this tab is signing out itself (its own message, heard by its follower, is then no news). */
let signingOut = false;

/** Runs `cleanup` when this tab learns the user signed out (here or in another tab). @returns its undo */
export function onSignedOut(cleanup: () => void): () => void {
  cleanups.add(cleanup);
  return () => cleanups.delete(cleanup);
}

/** What the sign-out touches; the defaults are the browser's. */
export interface SignOutEnvironment {
  fetch: typeof fetch;
  indexedDB: IDBFactory | undefined;
  storage: Storage | undefined;
  channel: ((name: string) => BroadcastChannel) | undefined;
  /** Replaces the page (no history entry back to the files). */
  leave(url: string): void;
}

function browserEnvironment(): SignOutEnvironment {
  let storage: Storage | undefined;
  try {
    storage = globalThis.localStorage ?? undefined;
  } catch {
    storage = undefined;
  }
  return {
    fetch: (...args) => globalThis.fetch(...args),
    indexedDB: globalThis.indexedDB,
    storage,
    channel: typeof BroadcastChannel === 'undefined' ? undefined : (name) => new BroadcastChannel(name),
    leave: (url) => window.location.replace(url),
  };
}

/** Stops what this tab keeps running for the user (once per sign-out). */
function stopEverything(): void {
  for (const cleanup of [...cleanups]) {
    try {
      cleanup();
    } catch (error) {
      console.error('A sign-out cleanup failed', error);
    }
  }
  cleanups.clear();
}

/**
 * Forgets what the app kept in this browser for `uid`: the folder listings in IndexedDB
 * and their index and heads in localStorage. The server's sign-out answers with
 * `Clear-Site-Data: "storage"` too, which browsers honour only on secure origins; this
 * covers the rest.
 */
export async function forgetKeptListings(uid: string, env: Pick<SignOutEnvironment, 'indexedDB' | 'storage'> = browserEnvironment()): Promise<void> {
  const name = listingCacheName(uid);
  if (env.storage !== undefined) {
    for (const key of Object.keys(env.storage)) if (key.startsWith(name)) env.storage.removeItem(key);
  }
  const factory = env.indexedDB;
  if (factory === undefined) return;
  await new Promise<void>((resolve) => {
    const request = factory.deleteDatabase(name);
    request.onsuccess = () => resolve();
    request.onerror = () => resolve();
    // Open connections close on `versionchange` (listingCache does); the deletion then goes on without us.
    request.onblocked = () => resolve();
  });
}

/**
 * Signs the user out of this browser: `POST /logout` with the session's request token
 * (the server ends the session and clears its cookie), the live connection closed, the kept
 * listings forgotten, every other tab of the browser told (they go to the sign-in page too),
 * and this tab replaced by the sign-in page, so Back does not show the files again.
 *
 * @throws when the server could not be reached or refused (the session is then still open:
 *   nothing else is done, the caller says so)
 */
export async function signOut(options: { uid: string; requestToken: string }, env: SignOutEnvironment = browserEnvironment()): Promise<void> {
  const response = await env.fetch('/logout', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', requesttoken: options.requestToken },
    body: new URLSearchParams({ requesttoken: options.requestToken }).toString(),
    credentials: 'same-origin',
  });
  // The server answers 303 to the sign-in page, which fetch follows.
  if (!response.ok && !response.redirected) throw new Error(`Sign-out refused: HTTP ${response.status}`);
  signingOut = true;
  stopEverything();
  await forgetKeptListings(options.uid, env);
  try {
    const channel = env.channel?.(SESSION_CHANNEL);
    channel?.postMessage({ type: 'signed-out', uid: options.uid });
    channel?.close();
  } catch (error) {
    console.error('Could not tell the other tabs about the sign-out', error);
  }
  env.leave(SIGNED_OUT_PAGE);
}

/**
 * Makes this tab follow a sign-out elsewhere: another tab's message stops what runs here and
 * goes to the sign-in page; a page the browser brings back from its back-forward cache
 * checks its session and goes there too when it has none.
 * @returns the undo
 */
export function followSignOut(uid: string, env: SignOutEnvironment = browserEnvironment()): () => void {
  const channel = env.channel?.(SESSION_CHANNEL);
  const onMessage = (event: MessageEvent<unknown>) => {
    const data = event.data as { type?: unknown; uid?: unknown } | null;
    if (data?.type !== 'signed-out' || data.uid !== uid || signingOut) return;
    stopEverything();
    env.leave(SIGNED_OUT_PAGE);
  };
  channel?.addEventListener('message', onMessage);
  const onPageShow = (event: PageTransitionEvent) => {
    if (!event.persisted) return;
    // Still signed in? The session's token answers only to a session.
    env.fetch('/csrftoken', { credentials: 'same-origin', cache: 'no-store' }).then(
      (response) => {
        if (response.status === 401 || response.redirected) {
          stopEverything();
          env.leave(SIGNED_OUT_PAGE);
        }
      },
      () => undefined,
    );
  };
  if (typeof window !== 'undefined') window.addEventListener('pageshow', onPageShow);
  return () => {
    channel?.removeEventListener('message', onMessage);
    channel?.close();
    if (typeof window !== 'undefined') window.removeEventListener('pageshow', onPageShow);
  };
}
