/** U+2068 FIRST STRONG ISOLATE: opens a run whose direction is that of its first strong letter. */
export const FSI = '\u2068';
/** U+2069 POP DIRECTIONAL ISOLATE: closes the run {@link FSI} opened. */
export const PDI = '\u2069';

/**
 * `text` (a file or folder name, a path) as an isolated run for plain text that quotes it:
 * a toast, a dialog's message, the document title. Inside right-to-left words a name keeps
 * its own order (`.part` stays `.part`, not `part.`) and does not reorder the words around
 * it. In markup, prefer `<bdi>` or `dir="auto"` on the element that shows the name.
 */
export function isolate(text: string): string {
  return `${FSI}${text}${PDI}`;
}

/** A piece of a text split by {@link splitIsolates}. */
export interface TextPiece {
  text: string;
  /** Whether the piece was an isolated run (its FSI and PDI left out of `text`). */
  isolated: boolean;
}

/**
 * `text` cut at its isolated runs ({@link isolate}): for markup, which shows each run in a
 * `<bdi>` (same rendering, and the control characters stay out of the text and accessible
 * names). Text without runs is one piece.
 */
export function splitIsolates(text: string): TextPiece[] {
  const pieces: TextPiece[] = [];
  const runs = new RegExp(`${FSI}([^${FSI}${PDI}]*)${PDI}`, 'g');
  let last = 0;
  for (const match of text.matchAll(runs)) {
    if (match.index > last) pieces.push({ text: text.slice(last, match.index), isolated: false });
    pieces.push({ text: match[1] ?? '', isolated: true });
    last = match.index + match[0].length;
  }
  if (last < text.length || pieces.length === 0) pieces.push({ text: text.slice(last), isolated: false });
  return pieces;
}
