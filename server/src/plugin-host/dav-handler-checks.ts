import type { ReportHandler, SearchHandler } from '../plugin-api';
import type { Owned } from './registry';

/** A Clark name: `{namespace}local-name`. */
const CLARK = /^\{[^{}]*\}[A-Za-z_][\w.-]*$/;

/** Why a report handler cannot be registered (given the ones registered), or null. */
export function reportProblem(handler: ReportHandler, registered: readonly Owned<ReportHandler>[]): string | null {
  if (typeof handler.report !== 'string' || !CLARK.test(handler.report)) return 'its report must be a Clark name such as {http://owncloud.org/ns}filter-files';
  if (typeof handler.handle !== 'function') return 'handle must be a function';
  const taken = registered.find(({ entry }) => entry.report === handler.report);
  return taken ? `the report ${handler.report} is already handled by "${taken.owner}"` : null;
}

/** Why a search handler cannot be registered, or null. */
export function searchProblem(handler: SearchHandler): string | null {
  return typeof handler.search === 'function' ? null : 'search must be a function';
}
