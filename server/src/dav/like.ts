import { fail } from '../errors';

/**
 * SQL `LIKE` for `d:like` in SEARCH, without regular expressions: `%` matches any run of
 * characters, `_` exactly one, `\` makes the next character literal (`\%`, `\_`, `\\`), and
 * case is ignored (Nextcloud compares names case-insensitively).
 *
 * The matcher walks the value once per `%` it has to retry from, keeping only the last `%`
 * as a restart point, so its cost is at most (value length × pattern length) steps and never
 * grows exponentially with the number of wildcards, as a backtracking regular expression
 * built from the pattern did. The limits below bound that product for every row.
 */

/** Longest pattern accepted, in characters. */
export const MAX_LIKE_LENGTH = 1024;
/** Most wildcards (`%` and `_`, escaped ones not counted) accepted in one pattern. */
export const MAX_LIKE_WILDCARDS = 64;

/** A pattern step: a code point to match, or a wildcard. */
const ONE = -1;
const ANY = -2;

function codePoints(text: string): number[] {
  const points: number[] = [];
  for (let i = 0; i < text.length; i += 1) {
    const point = text.codePointAt(i) as number;
    points.push(point);
    if (point > 0xffff) i += 1;
  }
  return points;
}

/**
 * Compiles a LIKE pattern into a test of values. Refuses (400) a pattern longer than
 * {@link MAX_LIKE_LENGTH} or with more than {@link MAX_LIKE_WILDCARDS} wildcards.
 */
export function compileLike(pattern: string): (value: string) => boolean {
  if (pattern.length > MAX_LIKE_LENGTH) fail('bad-request', `The search pattern is longer than ${MAX_LIKE_LENGTH} characters`);
  const source = codePoints(pattern.toLowerCase());
  const steps: number[] = [];
  let wildcards = 0;
  for (let i = 0; i < source.length; i += 1) {
    const point = source[i] as number;
    if (point === 0x5c /* \ */ && i + 1 < source.length) {
      i += 1;
      steps.push(source[i] as number);
    } else if (point === 0x25 /* % */) {
      wildcards += 1;
      // A run of % is one %.
      if (steps[steps.length - 1] !== ANY) steps.push(ANY);
    } else if (point === 0x5f /* _ */) {
      wildcards += 1;
      steps.push(ONE);
    } else {
      steps.push(point);
    }
  }
  if (wildcards > MAX_LIKE_WILDCARDS) fail('bad-request', `The search pattern has more than ${MAX_LIKE_WILDCARDS} wildcards`);
  return (value) => likeMatches(steps, codePoints(value.toLowerCase()));
}

function likeMatches(steps: number[], value: number[]): boolean {
  let step = 0;
  let at = 0;
  // Where to resume after the last % seen: the step after it, and the value position it now covers up to.
  let restartStep = -1;
  let restartAt = 0;
  while (at < value.length) {
    const wanted = steps[step];
    if (wanted === ANY) {
      restartStep = step + 1;
      restartAt = at;
      step += 1;
    } else if (wanted !== undefined && (wanted === ONE || wanted === value[at])) {
      step += 1;
      at += 1;
    } else if (restartStep >= 0) {
      // Let the last % take one more character and try the rest again from there.
      restartAt += 1;
      step = restartStep;
      at = restartAt;
    } else {
      return false;
    }
  }
  while (steps[step] === ANY) step += 1;
  return step === steps.length;
}
