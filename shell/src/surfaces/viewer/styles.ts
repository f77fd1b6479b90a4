let injected = false;

/** The frame's styles, added once when the frame's chunk first renders. */
export function injectViewerStyles(): void {
  if (injected || typeof document === 'undefined') return;
  injected = true;
  const style = document.createElement('style');
  style.dataset['files'] = 'viewer';
  style.textContent = `
.files-viewer { position: fixed; inset: 0; z-index: 25; display: flex; flex-direction: column; background: rgba(12,12,14,.96); color: #f4f4f5; }
@media (min-width: 1024px) { .files-viewer--sidebar { inset-inline-end: clamp(300px, 27vw, 500px); } }
.files-viewer__bar { flex: none; display: flex; align-items: center; gap: 12px; padding: 8px 12px; min-height: 48px; }
.files-viewer__name { flex: 1 1 auto; min-width: 0; margin: 0; font-size: 16px; font-weight: 600; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.files-viewer__position { flex: none; font-variant-numeric: tabular-nums; color: #d4d4d8; }
.files-viewer__tools { flex: none; display: flex; gap: 4px; flex-wrap: wrap; }
.files-viewer__button { display: inline-flex; align-items: center; min-height: 36px; padding: 0 12px; border: 1px solid #52525b; border-radius: 18px; background: transparent; color: inherit; font: inherit; text-decoration: none; cursor: pointer; }
.files-viewer__button:hover, .files-viewer__step:hover:not(:disabled) { background: rgba(255,255,255,.12); }
.files-viewer :focus-visible { outline: 2px solid #93c5fd; outline-offset: 2px; }
.files-viewer__stage { flex: 1 1 auto; min-height: 0; display: flex; align-items: stretch; position: relative; }
.files-viewer__content { flex: 1 1 auto; min-width: 0; min-height: 0; position: relative; overflow: hidden; display: flex; }
.files-viewer__step { flex: none; width: 48px; border: 0; background: transparent; color: inherit; font-size: 36px; cursor: pointer; }
.files-viewer__step:disabled { opacity: .3; cursor: default; }
[dir="rtl"] .files-viewer__arrow { display: inline-block; transform: scaleX(-1); }
.files-viewer__gone { margin: auto; padding: 24px; text-align: center; }
`;
  document.head.append(style);
}
