/** Creates an element with a class and optional text. */
export function el<K extends keyof HTMLElementTagNameMap>(tag: K, className: string, text?: string): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  element.className = className;
  if (text !== undefined) element.textContent = text;
  return element;
}

/** A button with a visible or accessible name. */
export function button(className: string, label: string, onClick: () => void, visible = label): HTMLButtonElement {
  const element = el('button', className, visible);
  element.type = 'button';
  if (visible !== label) element.setAttribute('aria-label', label);
  element.addEventListener('click', onClick);
  return element;
}

let injected = false;

/** The viewers' styles, added once when the first viewer shows. */
export function injectStyles(): void {
  if (injected) return;
  injected = true;
  const style = document.createElement('style');
  style.dataset['plugin'] = 'viewer';
  style.textContent = `
.viewer-loading, .viewer-message { margin: auto; color: #d4d4d8; }
.viewer-image { flex: 1; position: relative; overflow: hidden; display: flex; align-items: center; justify-content: center; touch-action: none; }
.viewer-image img { max-width: 100%; max-height: 100%; object-fit: contain; user-select: none; -webkit-user-drag: none; transform-origin: center; transition: transform .08s ease-out; }
.viewer-image--zoomed img { max-width: none; max-height: none; cursor: grab; }
.viewer-toolbar { position: absolute; inset-block-end: 12px; inset-inline-start: 50%; transform: translateX(-50%); display: flex; gap: 4px; padding: 4px; border-radius: 20px; background: rgba(0,0,0,.7); }
[dir="rtl"] .viewer-toolbar { transform: translateX(50%); }
.viewer-toolbar button, .viewer-text__bar button, .viewer-other a { min-height: 32px; min-width: 32px; padding: 0 10px; border: 1px solid #52525b; border-radius: 16px; background: transparent; color: inherit; font: inherit; cursor: pointer; text-decoration: none; display: inline-flex; align-items: center; }
.viewer-media { flex: 1; display: flex; align-items: center; justify-content: center; }
.viewer-media video { max-width: 100%; max-height: 100%; }
.viewer-text { flex: 1; display: flex; flex-direction: column; min-height: 0; background: #fafafa; color: #18181b; }
.viewer-text__bar { flex: none; display: flex; gap: 8px; align-items: center; padding: 6px 12px; background: #27272a; color: #f4f4f5; }
.viewer-text__status { flex: 1; }
.viewer-text__lines { flex: 1; overflow: auto; margin: 0; padding: 8px 0; font: 13px/1.5 ui-monospace, monospace; counter-reset: line; }
.viewer-text__lines span { display: block; padding-inline: 12px; white-space: pre-wrap; overflow-wrap: anywhere; }
.viewer-text__lines span::before { counter-increment: line; content: counter(line); display: inline-block; width: 4ch; margin-inline-end: 12px; text-align: end; color: #71717a; user-select: none; }
.viewer-text__editor { flex: 1; resize: none; border: 0; padding: 8px 12px; font: 13px/1.5 ui-monospace, monospace; background: #fff; color: #18181b; }
.viewer-conflict { flex: none; padding: 10px 12px; background: #fef3c7; color: #78350f; display: flex; flex-wrap: wrap; gap: 8px; align-items: center; }
.viewer-conflict button { color: #78350f; border-color: #b45309; }
.viewer-other { margin: auto; display: flex; flex-direction: column; align-items: center; gap: 8px; text-align: center; }
.viewer-other__icon { font-size: 64px; }
.viewer-other dl { display: grid; grid-template-columns: auto auto; gap: 4px 12px; margin: 0; }
.viewer-other dt { color: #a1a1aa; text-align: end; }
.viewer-other dd { margin: 0; text-align: start; }
`;
  document.head.append(style);
}
