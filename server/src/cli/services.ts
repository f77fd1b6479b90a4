import { rm } from 'node:fs/promises';
import type { ServerConfig } from '../config';
import { openServices } from '../open-services';

/** The services a user command works with, and how to let go of them. */
export type CliServices = Awaited<ReturnType<typeof openServices>> & {
  /** Removes a user's files, previews and account. */
  deleteUser(uid: string): Promise<void>;
  close(): Promise<void>;
};

/** Opens the data dir of `config` for a command. */
export async function openCliServices(config: ServerConfig): Promise<CliServices> {
  const services = await openServices(config);
  return {
    ...services,
    async deleteUser(uid: string) {
      // The account goes first: if removing files fails half-way, nobody can sign in to a broken root.
      await services.accounts.users.delete(uid);
      await services.files.deleteUserData(uid);
      // The preview module brings the image library: loaded by this command only.
      const { previewDir } = await import('../api/preview');
      await rm(previewDir(config.dataDir, uid), { recursive: true, force: true });
    },
    async close() {
      await services.files.close();
      await services.db.destroy();
    },
  };
}
