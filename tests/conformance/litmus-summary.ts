/** Parses litmus' "<- summary for `suite': of N tests run: P passed, F failed." lines. */
export function litmusSummaries(output: string): Map<string, { run: number; passed: number; failed: number }> {
  const result = new Map<string, { run: number; passed: number; failed: number }>();
  for (const match of output.matchAll(/summary for `(\w+)': of (\d+) tests run: (\d+) passed, (\d+) failed/g)) {
    result.set(match[1] ?? '', { run: Number(match[2]), passed: Number(match[3]), failed: Number(match[4]) });
  }
  return result;
}
