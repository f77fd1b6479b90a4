import type { ServerConfig } from '../config';
import { formatQuota, formatSize, parseQuota } from '../auth/user-validation';

import type { ParsedArgs } from './args';
import { UsageError, checkOptions, optionValue } from './args';
import type { CliIo } from './io';
import { println, readNewPassword } from './io';
import type { CliServices } from './services';

/** One `cumulus` command: its usage line, what it does, and how it runs. */
export interface Command {
  usage: string;
  summary: string;
  /** Options that take a value. */
  valued: string[];
  /** Flags. */
  flags: string[];
  /** The text of `<command> --help`, when it says more than the usage and summary. */
  help?(): string;
  run(args: ParsedArgs, io: CliIo, config: ServerConfig): Promise<number>;
}

export function needPositional(args: ParsedArgs, count: number, usage: string): string[] {
  if (args.positional.length !== count) throw new UsageError(`Usage: cumulus ${usage}`);
  return args.positional;
}

/** Runs `work` with the data dir open, closing it afterwards (every data command uses it). */
export async function withServices<T>(config: ServerConfig, work: (s: CliServices) => Promise<T>): Promise<T> {
  // Loaded when a command needs the data dir: the help and wrong usage answer without the database and storage.
  const { openCliServices } = await import('./services');
  const services = await openCliServices(config);
  try {
    return await work(services);
  } finally {
    await services.close();
  }
}

export function pad(text: string, width: number): string {
  return text.length >= width ? text : text + ' '.repeat(width - text.length);
}

/** The user management commands. */
export const userCommands: Record<string, Command> = {
  'user:add': {
    usage: 'user:add <uid> [--display-name NAME] [--quota SIZE] [--password-from-env]',
    summary: 'Create a user (password typed, piped, or from CUMULUS_PASSWORD).',
    valued: ['display-name', 'quota'],
    flags: ['password-from-env'],
    async run(args, io, config) {
      const [uid = ''] = needPositional(args, 1, this.usage);
      const quotaText = optionValue(args, 'quota');
      const quota = quotaText === undefined ? -1 : parseQuota(quotaText);
      const displayName = optionValue(args, 'display-name');
      return withServices(config, async ({ accounts, files }) => {
        // Say so before asking for a password that could not be used.
        if (await accounts.users.get(uid)) throw new NotFound(`The user "${uid}" already exists.`);
        const password = await readNewPassword(io, args.options.has('password-from-env'));
        await accounts.users.create({ uid, password, quota, ...(displayName !== undefined ? { displayName } : {}) });
        await files.ensureUserRoot(uid);
        println(io.stdout, `The user "${uid}" was created.`);
        return 0;
      });
    },
  },
  'user:passwd': {
    usage: 'user:passwd <uid> [--password-from-env]',
    summary: "Set a user's password (ends their browser sessions).",
    valued: [],
    flags: ['password-from-env'],
    async run(args, io, config) {
      const [uid = ''] = needPositional(args, 1, this.usage);
      return withServices(config, async ({ accounts }) => {
        if (!(await accounts.users.get(uid))) throw new NotFound(`The user "${uid}" does not exist.`);
        const password = await readNewPassword(io, args.options.has('password-from-env'));
        await accounts.users.setPassword(uid, password);
        if (uid === 'admin') await (await import('../auth/bootstrap')).forgetGeneratedAdminPassword(config.dataDir);
        println(io.stdout, `The password of "${uid}" was changed.`);
        return 0;
      });
    },
  },
  'user:delete': {
    usage: 'user:delete <uid>',
    summary: 'Delete a user with all their files.',
    valued: [],
    flags: [],
    async run(args, io, config) {
      const [uid = ''] = needPositional(args, 1, this.usage);
      return withServices(config, async (services) => {
        await services.deleteUser(uid);
        println(io.stdout, `The user "${uid}" and their files were deleted.`);
        return 0;
      });
    },
  },
  'user:quota': {
    usage: 'user:quota <uid> [SIZE|none]',
    summary: "Show or set a user's quota (\"5 GB\", \"500 MB\", \"none\").",
    valued: [],
    flags: [],
    async run(args, io, config) {
      if (args.positional.length < 1 || args.positional.length > 2) throw new UsageError(`Usage: cumulus ${this.usage}`);
      const [uid = '', size] = args.positional;
      return withServices(config, async ({ accounts }) => {
        if (size !== undefined) {
          const quota = parseQuota(size);
          await accounts.users.setQuota(uid, quota);
          println(io.stdout, `The quota of "${uid}" is now ${formatQuota(quota)}.`);
          return 0;
        }
        const user = await accounts.users.get(uid);
        if (!user) throw new NotFound(`The user "${uid}" does not exist.`);
        println(io.stdout, `${formatQuota(user.quota)}`);
        return 0;
      });
    },
  },
  'user:list': {
    usage: 'user:list [--json]',
    summary: 'List the users with their quota and used space, both in the same units ("2.9 MB"; --json: bytes).',
    valued: [],
    flags: ['json'],
    async run(args, io, config) {
      needPositional(args, 0, this.usage);
      return withServices(config, async ({ accounts, files }) => {
        const users = await accounts.users.list();
        const rows = await Promise.all(users.map(async (user) => ({ ...user, used: (await files.getUsage(user.uid)).used })));
        if (args.options.has('json')) {
          println(io.stdout, JSON.stringify(rows.map(({ uid, displayName, quota, used, lastLogin }) => ({ uid, displayName, quota, used, lastLogin })), null, 2));
          return 0;
        }
        const width = Math.max(4, ...rows.map((row) => row.uid.length)) + 2;
        const nameWidth = Math.max(12, ...rows.map((row) => row.displayName.length)) + 2;
        println(io.stdout, `${pad('USER', width)}${pad('DISPLAY NAME', nameWidth)}${pad('QUOTA', 12)}USED`);
        for (const row of rows) {
          println(io.stdout, `${pad(row.uid, width)}${pad(row.displayName, nameWidth)}${pad(formatQuota(row.quota), 12)}${formatSize(row.used)}`);
        }
        return 0;
      });
    },
  },
  'user:app-password:add': {
    usage: 'user:app-password:add <uid> [--name NAME]',
    summary: 'Create an app password for a client; it is printed once.',
    valued: ['name'],
    flags: [],
    async run(args, io, config) {
      const [uid = ''] = needPositional(args, 1, this.usage);
      return withServices(config, async ({ accounts }) => {
        if (!(await accounts.users.get(uid))) throw new NotFound(`The user "${uid}" does not exist.`);
        const { info, password } = await accounts.appPasswords.create(uid, optionValue(args, 'name') ?? 'App password');
        println(io.stdout, `App password "${info.name}" (id ${info.id}) for "${uid}":`);
        println(io.stdout, password);
        println(io.stderr, 'It is shown only now; keep it somewhere safe.');
        return 0;
      });
    },
  },
  'user:app-password:list': {
    usage: 'user:app-password:list <uid>',
    summary: "List a user's app passwords (never the secrets).",
    valued: [],
    flags: [],
    async run(args, io, config) {
      const [uid = ''] = needPositional(args, 1, this.usage);
      return withServices(config, async ({ accounts }) => {
        if (!(await accounts.users.get(uid))) throw new NotFound(`The user "${uid}" does not exist.`);
        const list = await accounts.appPasswords.list(uid);
        println(io.stdout, `${pad('ID', 14)}${pad('CREATED', 22)}${pad('LAST USED', 22)}NAME`);
        const when = (t: number | null): string => (t === null ? '-' : new Date(t * 1000).toISOString().slice(0, 19).replace('T', ' '));
        for (const item of list) println(io.stdout, `${pad(item.id, 14)}${pad(when(item.createdAt), 22)}${pad(when(item.lastUsed), 22)}${item.name}`);
        return 0;
      });
    },
  },
  'user:app-password:delete': {
    usage: 'user:app-password:delete <uid> <id>',
    summary: 'Revoke an app password.',
    valued: [],
    flags: [],
    async run(args, io, config) {
      const [uid = '', id = ''] = needPositional(args, 2, this.usage);
      return withServices(config, async ({ accounts }) => {
        await accounts.appPasswords.revoke(uid, id);
        println(io.stdout, `The app password ${id} of "${uid}" was revoked.`);
        return 0;
      });
    },
  },
};

/** A user that does not exist, or already does (exit code 1). */
export class NotFound extends Error {}

/** Checks a command's options. */
export function checkCommandOptions(command: Command, args: ParsedArgs): void {
  checkOptions(args, [...command.valued, ...command.flags, 'data-dir']);
}
