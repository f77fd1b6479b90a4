import type { ExtractedKeys } from './extract';
import { pluralCategories } from './languages';

/** One problem of one language file. */
export interface Problem {
  /** 'missing' | 'unused' | 'placeholders' | 'plural' | 'format' | 'invalid' | 'dynamic' */
  kind: 'missing' | 'unused' | 'placeholders' | 'plural' | 'format' | 'invalid' | 'dynamic';
  /** The entry (or file) concerned. */
  key: string;
  /** What is wrong, for people. */
  message: string;
}

/** The placeholders of a text: every `{name}`, and `%n` (the spec's copy counter). */
export function placeholdersOf(text: string): Set<string> {
  const found = new Set<string>();
  for (const match of text.matchAll(/\{([^{}]+)\}/g)) found.add(`{${match[1]}}`);
  if (text.includes('%n')) found.add('%n');
  return found;
}

const sameSet = (a: Set<string>, b: Set<string>): boolean => a.size === b.size && [...a].every((item) => b.has(item));
const list = (set: Set<string>): string => (set.size === 0 ? 'none' : [...set].sort().join(' '));

/** The file's text as the conventions write it: keys sorted, 2-space indent, trailing newline. */
export function canonicalText(entries: Record<string, string>): string {
  const sorted: Record<string, string> = {};
  for (const key of Object.keys(entries).sort()) sorted[key] = entries[key] as string;
  return `${JSON.stringify(sorted, null, 2)}\n`;
}

/**
 * Checks one language file of one catalogue against the keys its code uses:
 * every key present (a plural key once per plural category of the language,
 * `<key>_<category>`), no other entry (a `<key>_<context>` entry is allowed
 * for a context the code uses), every value a non-empty string with exactly
 * the key's placeholders (a plural form of a category that holds one number
 * only, such as German 'one', may leave out `{count}`: "eine Datei"), and the file in the conventions'
 * format.
 *
 * @param text the file's text, or null when the file does not exist
 */
export function checkCatalogue(language: string, text: string | null, expected: ExtractedKeys): Problem[] {
  if (text === null) {
    return expected.keys.length === 0 ? [] : [{ kind: 'missing', key: '(file)', message: `the file is missing (${expected.keys.length} keys expected)` }];
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    return [{ kind: 'invalid', key: '(file)', message: `not JSON: ${(error as Error).message}` }];
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    return [{ kind: 'invalid', key: '(file)', message: 'not one flat JSON object' }];
  }
  const entries = parsed as Record<string, unknown>;
  const problems: Problem[] = [];
  const categories = pluralCategories(language);
  const plurals = new Set(expected.plurals);
  const keys = new Set(expected.keys);
  const allowed = new Map<string, { source: string; category: string | null }>();
  for (const key of expected.keys) {
    if (plurals.has(key)) {
      for (const category of categories) allowed.set(`${key}_${category}`, { source: key, category });
    } else {
      allowed.set(key, { source: key, category: null });
    }
  }

  for (const key of expected.keys) {
    if (plurals.has(key)) {
      const missing = categories.filter((category) => !(`${key}_${category}` in entries));
      if (missing.length > 0) {
        problems.push({ kind: 'plural', key, message: `missing plural form(s) ${missing.map((c) => `_${c}`).join(' ')} (${language} needs ${categories.join(', ')})` });
      }
      if (key in entries) problems.push({ kind: 'plural', key, message: `a plural key needs its _<category> forms, not a plain entry` });
    } else if (!(key in entries)) {
      problems.push({ kind: 'missing', key, message: `missing (used at ${expected.usedAt.get(key) ?? '?'})` });
    }
  }

  for (const [entry, value] of Object.entries(entries)) {
    if (typeof value !== 'string' || value.trim() === '') {
      problems.push({ kind: 'invalid', key: entry, message: 'the translation must be a non-empty string' });
      continue;
    }
    const known = allowed.get(entry);
    if (known === undefined) {
      const context = expected.contexts.find((name) => entry.endsWith(`_${name}`) && keys.has(entry.slice(0, -name.length - 1)));
      if (context !== undefined) {
        checkPlaceholders(problems, language, entry, entry.slice(0, -context.length - 1), value, null);
        continue;
      }
      const suffix = /^(.*)_(zero|one|two|few|many|other)$/.exec(entry);
      if (suffix !== null && plurals.has(suffix[1] as string)) {
        problems.push({ kind: 'plural', key: entry, message: `${language} has no plural category '${suffix[2]}' (it has ${categories.join(', ')})` });
      } else if (suffix !== null && keys.has(suffix[1] as string)) {
        problems.push({ kind: 'plural', key: entry, message: `'${suffix[1]}' is not used with count: give one plain entry` });
      } else {
        problems.push({ kind: 'unused', key: entry, message: 'no code uses this key' });
      }
      continue;
    }
    checkPlaceholders(problems, language, entry, known.source, value, known.category);
  }

  if (problems.length === 0 && text !== canonicalText(entries as Record<string, string>)) {
    problems.push({ kind: 'format', key: '(file)', message: 'not in the conventions\' format (keys sorted, 2-space indent, trailing newline): run the checker with --fix-format' });
  }
  return problems;
}

/**
 * Whether a plural category of a language holds a single whole number (German
 * 'one' is only 1; Russian 'one' is also 21, 31, …), so its form may spell the
 * number out ("eine Datei") rather than show `{count}`.
 */
export function isSingleNumberCategory(language: string, category: string): boolean {
  const rules = new Intl.PluralRules(language);
  let numbers = 0;
  for (let n = 0; n <= 1000 && numbers < 2; n += 1) if (rules.select(n) === category) numbers += 1;
  return numbers === 1;
}

function checkPlaceholders(problems: Problem[], language: string, entry: string, source: string, value: string, category: string | null): void {
  const wanted = placeholdersOf(source);
  const got = placeholdersOf(value);
  if (category !== null && !got.has('{count}') && isSingleNumberCategory(language, category)) wanted.delete('{count}');
  if (!sameSet(wanted, got)) {
    problems.push({ kind: 'placeholders', key: entry, message: `placeholders ${list(got)} differ from the key's ${list(wanted)}` });
  }
}
