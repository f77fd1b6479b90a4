/**
 * The interface languages: English (the keys) and the 18 catalogues of
 * docs/translating.md, each named in its own language for the settings'
 * Language choice. One list for the server, the SDK and the shell, in
 * `@cumulus/protocol`.
 */
import { LANGUAGE_NAMES as NAMES } from '@cumulus/protocol';

export { directionOf, isInterfaceLanguage } from '@cumulus/protocol';

/** Each interface language's own name, by tag ('en' first, then the catalogues). */
export const LANGUAGE_NAMES: Readonly<Record<string, string>> = NAMES;
