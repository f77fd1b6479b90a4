/** The signed-in user of a request, set by the authentication hook. */
export interface AuthenticatedUser {
  /** The user id, also the name of the user's root in WebDAV URLs. */
  uid: string;
  /** The name shown in the interface. */
  displayName: string;
  /** Storage quota in bytes; -1 means unlimited. */
  quota: number;
}

/** How a request proved who it is. */
export type AuthenticationMethod = 'password' | 'app-password' | 'session';

/** Details of how the request was authenticated (for CSRF checks and app password rules). */
export interface RequestAuthentication {
  method: AuthenticationMethod;
  /** Set when the request used an app password. */
  appPasswordId?: string;
  /** Set when the request used a browser session (the hash of its token). */
  sessionId?: string;
  /** The CSRF token of the browser session. */
  requestToken?: string;
}

/**
 * What a route needs from the authentication hook, set as `config: { auth }` on the route.
 * - `required` (the default, also for routes that do not say): 401 without a user.
 * - `page`: a browser page; without a user, redirect to the sign-in page.
 * - `optional`: a session is looked up, nobody is refused.
 * - `public`: nothing is looked up.
 */
export type RouteAuth = 'required' | 'page' | 'optional' | 'public';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user; set by the authentication hook on every route that needs one. */
    user?: AuthenticatedUser;
    /** How the user signed in; set together with {@link FastifyRequest.user}. */
    authentication?: RequestAuthentication;
  }
  interface FastifyContextConfig {
    /** What this route needs from the authentication hook; `required` when unset. */
    auth?: RouteAuth;
  }
}
