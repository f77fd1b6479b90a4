// Preloaded into a server process (`node --import`) by the crash tests: SIGKILLs the process
// right after a rename(2) whose target ends with CUMULUS_TEST_KILL_AFTER_RENAME_TO, that is
// between a MOVE's change on disk and its database update, whatever the server's code does
// there (so the same test runs against any version of it).
import fsp from 'node:fs/promises';
import { syncBuiltinESMExports } from 'node:module';

const suffix = process.env.CUMULUS_TEST_KILL_AFTER_RENAME_TO;
if (suffix) {
  const rename = fsp.rename;
  fsp.rename = async (from, to) => {
    await rename(from, to);
    if (String(to).endsWith(suffix)) process.kill(process.pid, 'SIGKILL');
  };
  syncBuiltinESMExports();
}
