/** A catalogue: English source string → translation (plural keys with `_<category>` suffixes). */
export type Catalogue = Readonly<Record<string, string>>;

/** Loads the shell's catalogue of a language. */
export type CatalogueLoader = (language: string) => Promise<Catalogue>;

/**
 * The shell's catalogues, one webpack chunk per language
 * (`i18n-shell-<lang>`), fetched only for the language in use; English has
 * none. Rejects for a language without a file.
 */
export const loadShellCatalogue: CatalogueLoader = async (language) => {
  const module = (await import(/* webpackChunkName: "i18n-shell-[request]" */ `./locales/${language}.json`)) as { default: Catalogue };
  return module.default;
};
