import type { PluginUser, PluginUsers } from '../plugin-api';
import type { UserStore } from '../auth/users';

/** `ctx.users` over the server's user store. */
export function pluginUsers(users: UserStore): PluginUsers {
  const shown = (user: { uid: string; displayName: string }): PluginUser => Object.freeze({ uid: user.uid, displayName: user.displayName });
  return Object.freeze({
    async get(uid: string): Promise<PluginUser | null> {
      if (typeof uid !== 'string' || uid === '') return null;
      const user = await users.get(uid);
      return user ? shown(user) : null;
    },
    async search(term: string, limit: number, offset = 0): Promise<PluginUser[]> {
      return (await users.search(String(term), Math.max(0, Math.floor(limit)), Math.max(0, Math.floor(offset)))).map(shown);
    },
  });
}
