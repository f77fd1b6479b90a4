import type { ServerConfig } from '../config';
import type { Command } from './user-commands';
import { UsageError, optionValue } from './args';
import { println } from './io';
import { PLUGINS_CONFIG_OPTION, pluginsConfigOf } from './plugin-commands';
import { serveHelp } from './serve-help';

function portOption(text: string | undefined, fallback: number): number {
  if (text === undefined) return fallback;
  const port = Number(text);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new UsageError(`--port must be a number from 0 to 65535, got "${text}".`);
  return port;
}

/** `cumulus serve`: starts the server and prints where it runs and how to sign in. */
export const serveCommand: Command = {
  usage: 'serve [--port N] [--host ADDRESS] [--plugins-config FILE] [--help]',
  summary:
    'Run the server (PORT, CUMULUS_HOST, CUMULUS_DATA_DIR, CUMULUS_DATABASE_URL, … configure it; serve --help lists them all). --plugins-config (or CUMULUS_PLUGINS_CONFIG) names the deployment config listing third-party plugin remotes by URL and integrity hash.',
  valued: ['port', 'host', PLUGINS_CONFIG_OPTION],
  flags: ['help'],
  help() {
    return serveHelp(this.usage);
  },
  async run(args, io, config: ServerConfig) {
    if (args.options.has('help')) {
      println(io.stdout, serveHelp(this.usage));
      return 0;
    }
    if (args.positional.length > 0) throw new UsageError(`Usage: cumulus ${this.usage}`);
    const pluginsConfig = pluginsConfigOf(args, config);
    const { startServer } = await import('../app');
    const server = await startServer({
      ...config,
      ...(pluginsConfig !== undefined ? { pluginsConfig } : {}),
      port: portOption(optionValue(args, 'port'), config.port),
      host: optionValue(args, 'host') ?? config.host,
    });
    println(io.stdout, `Cumulus Files is running at ${server.url}/`);
    println(io.stdout, `Data directory: ${config.dataDir}`);
    println(io.stdout, `Sign in at ${server.url}/login as "admin".`);
    if (server.firstStart && server.adminPasswordFile) {
      println(io.stdout, `The admin password was generated: ${server.adminPassword}`);
      println(io.stdout, `It is kept in ${server.adminPasswordFile} (readable only by you); change it with "cumulus user:passwd admin".`);
    } else if (server.firstStart) {
      println(io.stdout, 'The admin password is the one set in CUMULUS_ADMIN_PASSWORD.');
    } else if (server.adminPasswordFile) {
      println(io.stdout, `The generated admin password is kept in ${server.adminPasswordFile}.`);
    }
    println(io.stdout, `WebDAV: ${server.url}/remote.php/dav/files/<user>/`);

    let stopping = false;
    const stop = (): void => {
      if (stopping) return;
      stopping = true;
      println(io.stdout, 'Stopping…');
      server.close().then(
        () => process.exit(0),
        (error: unknown) => {
          println(io.stderr, `Error while stopping: ${(error as Error).message}`);
          process.exit(1);
        },
      );
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
    return 0;
  },
};
