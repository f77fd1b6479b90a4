import type { Page } from 'playwright-core';

/** One provided version of a shared package, as the federation runtime records it. */
export interface SharedVersion {
  /** The federation instance whose share scope holds the record. */
  instance: string;
  /** The package, e.g. `react`. */
  name: string;
  version: string;
  /** The container that provided this copy. */
  from: string;
  /** Whether this copy's module was actually instantiated. */
  loaded: boolean;
  /** Containers that resolved the package to this copy. */
  useIn: string[];
}

interface RuntimeRecord {
  from?: string;
  loaded?: boolean;
  useIn?: string[];
}

/**
 * The share scopes of the page's federation runtime
 * (`globalThis.__FEDERATION__.__SHARE__[instance][scope][package][version]`),
 * flattened. This is the runtime's own bookkeeping of which copy of each
 * shared package exists, who provided it and who uses it, so it needs no test
 * hook in production code.
 */
export function readSharedVersions(page: Page): Promise<SharedVersion[]> {
  return page.evaluate(() => {
    type Scopes = Record<string, Record<string, Record<string, Record<string, RuntimeRecord>>>>;
    const federation = (globalThis as { __FEDERATION__?: { __SHARE__?: Scopes } }).__FEDERATION__;
    const found: SharedVersion[] = [];
    for (const [instance, scopes] of Object.entries(federation?.__SHARE__ ?? {})) {
      for (const packages of Object.values(scopes)) {
        for (const [name, versions] of Object.entries(packages)) {
          for (const [version, record] of Object.entries(versions)) {
            found.push({
              instance,
              name,
              version,
              from: record.from ?? '',
              loaded: record.loaded === true,
              useIn: [...(record.useIn ?? [])],
            });
          }
        }
      }
    }
    return found;
  });
}
