/** The parts of a DevTools CPU profile (`Profiler.stop`) read here. */
export interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number } }[];
  samples?: number[];
  timeDeltas?: number[];
}

/** The `count` functions with the most self time in a CPU profile, as text. */
export function heaviestFunctions(profile: CpuProfile, count: number): string[] {
  const self = new Map<string, number>();
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  for (let index = 0; index < samples.length; index++) {
    const node = nodes.get(samples[index] as number);
    if (node === undefined) continue;
    const { functionName, url, lineNumber, columnNumber } = node.callFrame;
    const key = `${functionName || '(anonymous)'} ${url.split('/').pop() ?? ''}:${lineNumber + 1}:${columnNumber + 1}`;
    self.set(key, (self.get(key) ?? 0) + (deltas[index] ?? 0) / 1000);
  }
  return [...self.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([key, ms]) => `${ms.toFixed(0).padStart(7)} ms  ${key}`);
}
