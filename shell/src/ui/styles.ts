/**
 * Stylesheets without a CSS loader: each feature keeps its CSS in a
 * `styles.ts` beside its components and injects it once with `injectStyles`.
 * The build has no css/style loader (see build/common.ts).
 */
const injected = new Set<string>();

/** Adds `css` to the document once under `id` (later calls with the same id do nothing). */
export function injectStyles(id: string, css: string): void {
  if (injected.has(id) || typeof document === 'undefined') return;
  injected.add(id);
  const style = document.createElement('style');
  style.dataset['styles'] = id;
  style.textContent = css;
  document.head.appendChild(style);
}
