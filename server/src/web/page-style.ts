/**
 * The look of the server's own pages that stand alone (no shell): the sign-in page and the public
 * link's password and not-found pages share it, a white card on the brand colour. No scripts;
 * logical properties and `text-align: center` only, so right to left needs nothing more.
 */

/** An inline icon: without it the browser asks for /favicon.ico, which needs a session (a 401 in the console). */
export const PAGE_ICON = `<link rel="icon" href="data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 24 24'%3E%3Cg fill='%230082c9'%3E%3Ccircle cx='8' cy='14' r='5'/%3E%3Ccircle cx='14' cy='10' r='6'/%3E%3Ccircle cx='18.5' cy='14.5' r='4.5'/%3E%3Crect x='8' y='14' width='10' height='5'/%3E%3C/g%3E%3C/svg%3E">`;

/** The card page's stylesheet (a `<style>` element; the pages' CSP allows inline styles only). */
export const CARD_PAGE_STYLE = `<style>
  body { font-family: system-ui, sans-serif; background: #00679e; color: #222; margin: 0; min-height: 100vh; display: flex; align-items: center; justify-content: center; }
  main { background: #fff; border-radius: 12px; padding: 2rem; width: min(22rem, 90vw); box-shadow: 0 4px 24px rgba(0,0,0,.2); }
  h1 { font-size: 1.5rem; margin: 0 0 1.5rem; text-align: center; }
  label { display: block; font-weight: 600; margin: 1rem 0 .25rem; }
  input[type=text], input[type=password] { box-sizing: border-box; width: 100%; padding: .6rem; font-size: 1rem; border: 2px solid #767676; border-radius: 6px; }
  input:focus, button:focus { outline: 3px solid #ffbf47; outline-offset: 1px; }
  button { margin-top: 1.5rem; width: 100%; padding: .7rem; font-size: 1rem; font-weight: 600; color: #fff; background: #00679e; border: 0; border-radius: 6px; cursor: pointer; }
  .message { padding: .6rem; border-radius: 6px; background: #e8f4fa; }
  .error { background: #fdecea; color: #8b0000; }
  .brand { margin: 0 0 .75rem; text-align: center; font-weight: 600; color: #00679e; }
  p { line-height: 1.5; }
</style>`;
