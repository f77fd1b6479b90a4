/**
 * The catalogues hold exactly the keys the code uses: every key
 * of the shell (with the SDK), of each first-party plugin and of the server's
 * pages, in each of the 18 languages of docs/translating.md, with each
 * language's plural forms and the keys' placeholders; and no key that no
 * code uses. The first test checks this repository; the others prove on a
 * small made-up checkout that each kind of mistake fails.
 */
import { afterEach, describe, expect, it } from '@jest/globals';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { formatReport, runCheck } from '../../scripts/i18n/run-check';
import { LANGUAGES, pluralCategories } from '../../scripts/i18n/languages';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

describe('the catalogues of this repository', () => {
  it('hold every key used in code and no other, in all 18 languages (plural forms, placeholders, format)', () => {
    const report = formatReport(runCheck({ root: ROOT }));
    expect(report.join('\n')).toBe('');
  }, 120_000);
});

describe('the catalogue check', () => {
  const made: string[] = [];
  afterEach(() => {
    for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  /** A checkout with one shell file and one plugin, and full German and Polish catalogues unless changed. */
  function checkout(change: (files: Record<string, Record<string, string>>) => void = () => {}): string {
    const root = mkdtempSync(path.join(tmpdir(), 'i18n-check-'));
    made.push(root);
    const write = (file: string, text: string) => {
      mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
      writeFileSync(path.join(root, file), text);
    };
    write('shell/src/app/screen.tsx', "export const x = (t: (k: string, v?: object) => string, n: number) => [t('Files'), t('{count} file', { count: n }), t('Hello {name}', { name: 'a' })];\n");
    write('sdk/src/errors.ts', "import { i18nKey } from './i18n-key';\nexport const FULL = i18nKey('Storage full');\n");
    write('plugins/hello/src/index.ts', "export const y = (ctx: { t: (k: string) => string }) => ctx.t('Say hello');\n");
    const files: Record<string, Record<string, string>> = {
      'shell/src/i18n/locales/de.json': { Files: 'Dateien', '{count} file_one': '{count} Datei', '{count} file_other': '{count} Dateien', 'Hello {name}': 'Hallo {name}', 'Storage full': 'Speicher voll' },
      'shell/src/i18n/locales/pl.json': { Files: 'Pliki', '{count} file_one': '{count} plik', '{count} file_few': '{count} pliki', '{count} file_many': '{count} plików', '{count} file_other': '{count} pliku', 'Hello {name}': 'Cześć {name}', 'Storage full': 'Brak miejsca' },
      'plugins/hello/src/locales/de.json': { 'Say hello': 'Hallo sagen' },
      'plugins/hello/src/locales/pl.json': { 'Say hello': 'Przywitaj się' },
    };
    change(files);
    for (const [file, entries] of Object.entries(files)) {
      const sorted = Object.fromEntries(Object.entries(entries).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
      write(file, `${JSON.stringify(sorted, null, 2)}\n`);
    }
    return root;
  }
  const problemsOf = (root: string) => formatReport(runCheck({ root, languages: ['de', 'pl'] })).join('\n');

  it('passes complete catalogues', () => {
    expect(problemsOf(checkout())).toBe('');
  });

  it('fails a key missing from one catalogue', () => {
    const problems = problemsOf(checkout((files) => delete files['plugins/hello/src/locales/pl.json']?.['Say hello']));
    expect(problems).toContain('plugins/hello/src/locales/pl.json');
    expect(problems).toContain('[missing] "Say hello"');
  });

  it('fails a key marked with i18nKey but missing', () => {
    expect(problemsOf(checkout((files) => delete files['shell/src/i18n/locales/de.json']?.['Storage full']))).toContain('[missing] "Storage full"');
  });

  it('fails a key that no code uses', () => {
    const problems = problemsOf(checkout((files) => Object.assign(files['shell/src/i18n/locales/de.json'] ?? {}, { Gone: 'Weg' })));
    expect(problems).toContain('[unused] "Gone"');
  });

  it('fails a missing language file', () => {
    expect(problemsOf(checkout((files) => delete files['shell/src/i18n/locales/pl.json']))).toContain('shell/src/i18n/locales/pl.json: 1 problem(s)');
  });

  it("fails a plural without all of the language's categories, and a category the language lacks", () => {
    const missing = problemsOf(checkout((files) => delete files['shell/src/i18n/locales/pl.json']?.['{count} file_few']));
    expect(missing).toContain('missing plural form(s) _few');
    const extra = problemsOf(checkout((files) => Object.assign(files['shell/src/i18n/locales/de.json'] ?? {}, { '{count} file_few': '{count} Dateien' })));
    expect(extra).toContain("de has no plural category 'few'");
  });

  it('fails a translation whose placeholders differ from the key', () => {
    const problems = problemsOf(checkout((files) => Object.assign(files['shell/src/i18n/locales/de.json'] ?? {}, { 'Hello {name}': 'Hallo {Name}' })));
    expect(problems).toContain('[placeholders] "Hello {name}"');
  });

  it('lets a form for exactly one number spell it out, but not a category of many numbers', () => {
    expect(problemsOf(checkout((files) => Object.assign(files['shell/src/i18n/locales/de.json'] ?? {}, { '{count} file_one': 'eine Datei' })))).toBe('');
    const problems = problemsOf(checkout((files) => Object.assign(files['shell/src/i18n/locales/pl.json'] ?? {}, { '{count} file_few': 'kilka plików' })));
    expect(problems).toContain('[placeholders] "{count} file_few"');
  });

  it('fails a t() call whose key it cannot read, unless marked', () => {
    const root = checkout();
    writeFileSync(path.join(root, 'shell/src/app/dynamic.ts'), 'export const z = (t: (k: string) => string, k: string) => t(k);\n');
    expect(problemsOf(root)).toContain('[dynamic] "k"');
    writeFileSync(path.join(root, 'shell/src/app/dynamic.ts'), 'export const z = (t: (k: string) => string, k: string) =>\n  // i18n-dynamic: k is marked where it is written\n  t(k);\n');
    expect(problemsOf(root)).toBe('');
  });

  it("allows a context entry (<key>_key) only for a context the code uses, and reads the server pages' th()", () => {
    const root = checkout((files) => Object.assign(files['shell/src/i18n/locales/de.json'] ?? {}, { Files_key: 'Dateien-Taste' }));
    expect(problemsOf(root)).toContain('[unused] "Files_key"');
    writeFileSync(path.join(root, 'shell/src/app/keys.ts'), "export const k = (t: (k: string, o: object) => string, name: string) =>\n  // i18n-dynamic: names are marked elsewhere\n  t(name, { context: 'key' });\n");
    expect(problemsOf(root)).toBe('');
    mkdirSync(path.join(root, 'server/src/web'), { recursive: true });
    writeFileSync(path.join(root, 'server/src/web/page.ts'), "export const p = (l: { th: (k: string) => string }) => l.th('Sign in');\n");
    expect(problemsOf(root)).toContain('server/src/i18n/locales/de.json: 1 problem(s)');
  });

  it('knows every language: the plural categories of docs/translating.md', () => {
    expect(LANGUAGES).toHaveLength(18);
    expect(pluralCategories('ar')).toEqual(['zero', 'one', 'two', 'few', 'many', 'other']);
    expect(pluralCategories('sl')).toEqual(['one', 'two', 'few', 'other']);
    expect(pluralCategories('ja')).toEqual(['other']);
  });
});
