import { injectStyles } from './styles';

/** The modal dialogs' frame (backdrop, box, head, buttons), shared by every dialog the shell opens. */
const css = `
.files-modal__backdrop { position: fixed; inset: 0; z-index: 9000; display: flex; align-items: center; justify-content: center; background: rgba(0,0,0,.35); }
.files-modal { width: min(560px, calc(100vw - 24px)); max-height: calc(100vh - 48px); display: flex; flex-direction: column; background: var(--files-bg); border-radius: 12px; box-shadow: 0 10px 40px rgba(0,0,0,.3); padding: 12px 16px 16px; }
.files-modal__head { display: flex; align-items: center; justify-content: space-between; gap: 8px; }
.files-modal__title { margin: 0; font-size: 18px; }
.files-modal__buttons { display: flex; justify-content: flex-end; gap: 8px; flex-wrap: wrap; }
`;

/** Adds the modal dialogs' stylesheet once. */
export function injectModalStyles(): void {
  injectStyles('modal', css);
}
