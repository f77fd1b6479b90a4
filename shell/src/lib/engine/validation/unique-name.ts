import { englishTranslate } from '@cumulus/sdk';
import type { Translate } from '@cumulus/sdk';

/** Options of {@link getUniqueName}. */
export interface UniqueNameOptions {
  /** The suffix for the n-th attempt (n from 1); default `(n)`. */
  suffix?: (n: number) => string;
  /** Put the suffix at the very end, as for folders, whose dots are not extensions. */
  ignoreFileExtension?: boolean;
}

/**
 * `name` itself when unused, otherwise `name` with a numbered suffix in
 * parentheses before the extension, the first unused of ' (1)', ' (2)', …
 * (product §5): 'file.txt' → 'file (1).txt'. The extension is what follows the
 * last dot not at the start ('archive.tar.gz' → 'archive.tar (1).gz', as
 * Nextcloud does).
 */
export function getUniqueName(name: string, existing: readonly string[], options: UniqueNameOptions = {}): string {
  const { suffix = (n: number) => `(${n})`, ignoreFileExtension = false } = options;
  const taken = new Set(existing);
  if (!taken.has(name)) return name;
  const dot = name.lastIndexOf('.');
  const extension = ignoreFileExtension || dot <= 0 ? '' : name.slice(dot);
  const base = name.slice(0, name.length - extension.length);
  for (let n = 1; ; n++) {
    const candidate = `${base} ${suffix(n)}${extension}`;
    if (!taken.has(candidate)) return candidate;
  }
}

/** Options of {@link getCopyName}. */
export interface CopyNameOptions {
  /** The copy is a folder: the suffix goes at the very end. */
  isFolder?: boolean;
  /** Translation function; the spec's English strings are the keys. */
  t?: Translate;
}

/**
 * The suffix of the n-th copy (product §5): '(copy)' for the first, '(copy %n)'
 * with %n the number for the others. '%n' is Nextcloud's plural placeholder:
 * it is filled in here when the translation leaves it, and `n`/`count` are
 * passed for translators that fill it themselves.
 */
export function copySuffix(n: number, t: Translate = englishTranslate): string {
  if (n === 1) return t('(copy)');
  return t('(copy %n)', { n, count: n }).replaceAll('%n', String(n));
}

/**
 * The name of a copy among `existing` names (product §5): the name itself when
 * unused, else 'file (copy).txt', then 'file (copy 2).txt', 'file (copy 3).txt'…
 */
export function getCopyName(name: string, existing: readonly string[], options: CopyNameOptions = {}): string {
  const { isFolder = false, t = englishTranslate } = options;
  return getUniqueName(name, existing, { suffix: (n) => copySuffix(n, t), ignoreFileExtension: isFolder });
}
