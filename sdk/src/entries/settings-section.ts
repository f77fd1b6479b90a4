import type { RegistryKind } from '../registry/types';
import { firstReason, needFunction, needString, optionalOrder } from './checks';
import type { EntryContext } from './entry-context';

/**
 * A section of the settings dialog's 'Additional settings' (product §2: "a
 * duplicate registration name is refused", so both the id and the name must
 * be unique).
 */
export interface SettingsSection {
  /** Unique id. */
  id: string;
  /** Section heading; unique among sections. */
  name: string;
  /** Sort position; default 0. */
  order?: number;
  /**
   * Renders the section into `el` (`ctx.nodes` is empty); may return a cleanup function,
   * which the shell calls when the section goes; `ctx.signal` aborts at the same moment.
   */
  mount(el: HTMLElement, ctx: EntryContext<readonly []>): void | (() => void);
}

/** Why `entry` is not a valid settings section, or null: it needs id, name and mount. */
export function validateSettingsSection(entry: unknown): string | null {
  return firstReason(entry, (section) => [
    needString(section, 'id'),
    needString(section, 'name'),
    needFunction(section, 'mount'),
    optionalOrder(section),
  ]);
}

/** The registry rules of settings sections: a taken id or a taken name is refused with 'Duplicate entry'. */
export const settingsSectionKind: RegistryKind<SettingsSection> = {
  name: 'settings section',
  validate: validateSettingsSection,
  duplicateMessage: () => 'Duplicate entry',
  displayName: (section) => section.name,
  uniqueKey: (section) => section.name,
  defaultOrder: 0,
};
