import { createContext, useContext } from 'react';
import type { Translate } from '@cumulus/sdk';
import type { ShellServices } from '../services/types';

/** The shell's services for components (registries, translation, DAV, API). */
export const ServicesContext = createContext<ShellServices | null>(null);

/** The shell's services; throws outside `<ServicesContext.Provider>`. */
export function useServices(): ShellServices {
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
