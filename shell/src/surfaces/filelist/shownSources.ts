import type { Node } from '@cumulus/sdk';

const sources = new WeakMap<readonly Node[], string[]>();

/**
 * The sources of `nodes`, in order: kept per array (going back to a remembered order costs
 * nothing), filled by a plain loop into an array of the right length (a `map` with its
 * callback costs several times more). An order updated by live changes comes with its
 * sources ({@link noteSources}): no walk over 100,000 nodes a batch.
 */
export function sourcesOf(nodes: readonly Node[]): string[] {
  let known = sources.get(nodes);
  if (known === undefined) {
    const made = new Array<string>(nodes.length);
    for (let index = 0; index < nodes.length; index += 1) made[index] = (nodes[index] as Node).source;
    sources.set(nodes, made);
    known = made;
  }
  return known;
}

/** The sources of `nodes` if they were asked for or noted already, else undefined (nothing computed). */
export function knownSources(nodes: readonly Node[]): readonly string[] | undefined {
  return sources.get(nodes);
}

/** Tells the sources of `nodes` (made along with them), so {@link sourcesOf} need not walk them. */
export function noteSources(nodes: readonly Node[], list: string[]): void {
  sources.set(nodes, list);
}
