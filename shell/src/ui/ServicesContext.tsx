import { createContext, useContext } from 'react';
import type { Translate } from '@cumulus/sdk';
import type { ShellServices } from '../services/types';

/** The shell's services for components (registries, translation, DAV, API). */
export const ServicesContext = createContext<ShellServices | null>(null);

/**
 * The interface language, provided beside the services: the services object keeps its
 * identity when the language switches in place (its `t` and `language` are replaced), and this
 * context's change renders again every component that reads the services.
 */
export const LanguageContext = createContext<string>('');

/** The shell's services; throws outside `<ServicesContext.Provider>`. Renders again when the language switches. */
export function useServices(): ShellServices {
  useContext(LanguageContext);
  const services = useContext(ServicesContext);
  if (services === null) throw new Error('useServices() needs <ServicesContext.Provider>');
  return services;
}

/** The translate function: every user-visible string goes through it (English strings are keys). */
export function useT(): Translate {
  return useServices().t;
}

/** The language of the interface (BCP 47), for locale-aware sorting and dates. */
export function useLanguage(): string {
  return useServices().language;
}
