/**
 * A fault hook for the crash-safety tests, and nothing else: when the environment variable
 * `CUMULUS_TEST_CRASH_AT` names a point (`move:after-rename`), or a point and a count
 * (`copy:after-files:500`), the process kills itself with SIGKILL on reaching it, as a power
 * cut or the OOM killer would. Unset (always, outside those tests), a call costs one compare.
 */
const setting = process.env.CUMULUS_TEST_CRASH_AT?.trim() ?? '';
const separator = setting.lastIndexOf(':');
const counted = separator > 0 && /^\d+$/.test(setting.slice(separator + 1));
const point = counted ? setting.slice(0, separator) : setting;
const atCount = counted ? Number(setting.slice(separator + 1)) : 0;

/** Kills the process here when the crash tests ask for it; `count` is how far the step got. */
export function crashPoint(name: string, count = 0): void {
  if (point === '' || name !== point || count < atCount) return;
  process.kill(process.pid, 'SIGKILL');
}
