import { describe, expect, it } from '@jest/globals';
import { execFile } from 'node:child_process';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);
const here = dirname(fileURLToPath(import.meta.url));

/** What a fresh process prints on stderr when it makes an S3ObjectStore (as `serve` and `db:copy` do on S3). */
async function stderrOfNewStore(env: Record<string, string> = {}): Promise<string> {
  const script = `const { S3ObjectStore } = await import(${JSON.stringify(resolve(here, 's3-object-store.ts'))});
new S3ObjectStore({ endpoint: 'http://127.0.0.1:9', bucket: 'cumulus', region: 'us-east-1', accessKeyId: 'a', secretAccessKey: 'b', forcePathStyle: true }).destroy();`;
  const { AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: _set, ...inherited } = process.env;
  const { stderr } = await run(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { env: { ...inherited, NODE_OPTIONS: '', ...env } });
  return stderr;
}

describe("the AWS SDK's Node version warning", () => {
  it('is not printed by a server or CLI process on the supported Node', async () => {
    expect(await stderrOfNewStore()).not.toContain('NodeVersionSupportWarning');
  }, 60_000);

  it('is printed when the operator asks for it with the SDK\'s own switch (on a Node it warns about)', async () => {
    const major = Number(process.versions.node.split('.')[0]);
    const stderr = await stderrOfNewStore({ AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'false' });
    if (major < 22) expect(stderr).toContain('NodeVersionSupportWarning');
    else expect(stderr).not.toContain('NodeVersionSupportWarning');
  }, 60_000);
});
