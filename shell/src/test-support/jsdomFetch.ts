/**
 * jsdom's window has no `fetch`. Component tests never reach the network (the
 * DAV service is faked), so a refusing stand-in makes a stray request fail
 * with a message that says so. Imported first by the test helpers.
 */
if (typeof window !== 'undefined' && typeof window.fetch !== 'function') {
  Object.assign(window, {
    fetch: () => Promise.reject(new Error('No network in component tests: fake the service instead')),
  });
}
export {};
