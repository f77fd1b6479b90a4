import { splitIsolates } from '@cumulus/sdk';

/**
 * A translated text that quotes names (interpolated with the SDK's `isolate`), shown with each
 * name in a `<bdi>`: the name keeps its own direction inside right-to-left words (`.part`
 * stays `.part`), and the isolate characters stay out of the text and of accessible names.
 */
export function BidiText({ text }: { text: string }) {
  const pieces = splitIsolates(text);
  if (pieces.length === 1 && pieces[0]?.isolated === false) return <>{text}</>;
  return <>{pieces.map((piece, index) => (piece.isolated ? <bdi key={index}>{piece.text}</bdi> : piece.text))}</>;
}
