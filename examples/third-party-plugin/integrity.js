// Prints the Subresource Integrity hash of a file (`sha384-<base64>`), the form the
// Cumulus deployment config's "integrity" takes: `node integrity.js dist/remoteEntry.js`.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';

const file = process.argv[2];
if (!file) {
  console.error('Usage: node integrity.js <file>');
  process.exit(2);
}
console.log(`sha384-${createHash('sha384').update(readFileSync(file)).digest('base64')}`);
