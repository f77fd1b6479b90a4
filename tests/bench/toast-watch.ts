// How the benches see a toast, on the page's own clock (`npm run bench:upload`).

/**
 * Runs in the page (an init script): `benchToast(text)` resolves with the page's clock
 * (`performance.now()`) when a toast holding `text` is in the document, seen by a
 * mutation observer. Playwright's `waitFor` polls every 500 ms after its first tries,
 * which added up to half a second to a few seconds' upload. Rejects after 10 minutes.
 */
export function installToastWatch(): void {
  (globalThis as unknown as { benchToast(text: string): Promise<number> }).benchToast = (text) =>
    new Promise((resolve, reject) => {
      const shown = () => [...document.querySelectorAll('.files-toast')].some((toast) => toast.textContent?.includes(text));
      if (shown()) return resolve(performance.now());
      const observer = new MutationObserver(() => {
        if (!shown()) return;
        observer.disconnect();
        clearTimeout(timer);
        resolve(performance.now());
      });
      const timer = setTimeout(() => {
        observer.disconnect();
        reject(new Error(`no toast '${text}' in 10 minutes`));
      }, 600_000);
      observer.observe(document.body, { subtree: true, childList: true, characterData: true });
    });
}

declare global {
  /** The page's `benchToast` (installToastWatch), for functions evaluated in the page. */
  function benchToast(text: string): Promise<number>;
}
