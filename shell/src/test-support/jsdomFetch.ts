/**
 * jsdom's window has no `fetch`, and the `webdav` client's browser build
 * binds `window.fetch` when it loads. Component tests never reach the
 * network (the DAV service is faked), so a refusing stand-in lets any module
 * that imports the client load. Imported first by the test helpers.
 */
if (typeof window !== 'undefined' && typeof window.fetch !== 'function') {
  Object.assign(window, {
    fetch: () => Promise.reject(new Error('No network in component tests: fake the service instead')),
  });
}
export {};
