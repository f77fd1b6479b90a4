// Preloaded into a server process (`node --import`) by the tests of the server's error log:
// every lstat(2) of a path that holds CUMULUS_TEST_FAIL_DISK_AT fails with EIO, as a failing
// disk would, so a request there ends in a real 500 whatever the server's code does.
import fsp from 'node:fs/promises';
import { syncBuiltinESMExports } from 'node:module';

const marker = process.env.CUMULUS_TEST_FAIL_DISK_AT;
if (marker) {
  const lstat = fsp.lstat;
  fsp.lstat = async (path, ...rest) => {
    if (String(path).includes(marker)) throw Object.assign(new Error(`EIO: i/o error, lstat '${path}'`), { code: 'EIO', errno: -5, syscall: 'lstat', path: String(path) });
    return lstat(path, ...rest);
  };
  syncBuiltinESMExports();
}
