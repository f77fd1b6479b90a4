import { describe, expect, it } from '@jest/globals';
import { readFile } from 'node:fs/promises';
import { allCommands } from '../cli';

/** The first cells of server/README.md's command table. */
async function documentedRows(): Promise<string[]> {
  const readme = await readFile(new URL('../../README.md', import.meta.url), 'utf8');
  const table = readme.slice(readme.indexOf('## Command line'));
  return [...table.matchAll(/^\| (`[^|]*(?:\\\|[^|]*)*`[^|]*) \|/gm)].map((match) => match[1] ?? '');
}

describe("server/README.md's command table", () => {
  it('has one row per command, with its usage as the command prints it', async () => {
    const rows = await documentedRows();
    for (const [name, command] of Object.entries(await allCommands())) {
      const mentioning = rows.filter((row) => row.includes(`\`${name} `) || row.includes(`\`${name}\``));
      expect([name, mentioning.length]).toEqual([name, 1]);
      // The usage up to the first option group matches (plugins:enable and plugins:disable share a row).
      const [head = ''] = command.usage.split(' [');
      expect(mentioning[0]?.replaceAll('\\|', '|')).toContain(head);
    }
    expect(rows.find((row) => row.startsWith('`serve '))).toBe('`serve [--port N] [--host ADDRESS] [--plugins-config FILE] [--help]`');
  });
});
