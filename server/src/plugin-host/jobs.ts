import type { PluginJob } from '../plugin-api';

/**
 * Runs `job` every `intervalSeconds` (the first run one interval after the start) until the
 * returned stop is called. Runs never overlap: a run still going when the next is due makes
 * that one wait for the following tick. The timer does not keep the process alive.
 */
export function startJob(job: PluginJob, onError: (error: unknown) => void): () => void {
  let running = false;
  const tick = (): void => {
    if (running) return;
    running = true;
    Promise.resolve()
      .then(() => job.run())
      .catch(onError)
      .finally(() => {
        running = false;
      });
  };
  const timer = setInterval(tick, job.intervalSeconds * 1000);
  timer.unref();
  return () => clearInterval(timer);
}

/** Why a job (`ctx.jobs`) is invalid, or null. */
export function jobProblem(job: PluginJob): string | null {
  if (typeof job.run !== 'function') return 'run must be a function';
  return Number.isFinite(job.intervalSeconds) && job.intervalSeconds >= 1 ? null : 'intervalSeconds must be at least 1';
}
