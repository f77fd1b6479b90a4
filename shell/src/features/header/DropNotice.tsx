/**
 * The drop notice's place (spec §2: "Dragging files over the content shows a
 * drop notice"). The upload feature fills it; it renders nothing until then.
 */
export function DropNotice() {
  return null;
}
