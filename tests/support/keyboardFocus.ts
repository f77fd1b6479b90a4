/**
 * Keyboard focus checks for the browser end-to-end tests: which element has
 * the focus, whether it shows a focus indicator (an outline or a box shadow
 * that can be seen), Tab walks that check every stop on the way, and the
 * focus trap of a dialog.
 */
import type { Locator, Page } from 'playwright-core';

/** The focused element as the checks see it. */
export interface FocusedElement {
  /** Tag, role, name and classes, for failure messages. */
  description: string;
  /** Whether its computed outline or box shadow draws something. */
  indicated: boolean;
  /** The computed outline and box shadow, for failure messages. */
  indicator: string;
}

/** Describes `document.activeElement` and its focus indicator. */
export function focusedElement(page: Page): Promise<FocusedElement> {
  return page.evaluate(() => {
    const element = document.activeElement;
    if (element === null || element === document.body) return { description: 'the page body (no element has the focus)', indicated: false, indicator: 'none' };
    const style = getComputedStyle(element);
    // A colour with zero alpha draws nothing.
    const seen = (color: string) => !/^rgba\(.*,\s*0\)$/.test(color) && color !== 'transparent';
    const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0 && seen(style.outlineColor);
    const shadow = style.boxShadow !== 'none' && style.boxShadow !== '';
    const name = element.getAttribute('aria-label') ?? element.textContent?.trim().slice(0, 40) ?? '';
    const role = element.getAttribute('role');
    return {
      description: `<${element.tagName.toLowerCase()}${role ? ` role="${role}"` : ''} class="${element.getAttribute('class') ?? ''}"> "${name}"`,
      indicated: outline || shadow,
      indicator: `outline: ${style.outlineStyle} ${style.outlineWidth} ${style.outlineColor}; box-shadow: ${style.boxShadow}`,
    };
  });
}

/** Whether `element` is `document.activeElement` (false when it is not on the page). */
export function hasFocus(element: Locator): Promise<boolean> {
  // evaluateAll answers at once when nothing matches (evaluate would wait for the element).
  return element.evaluateAll((candidates) => candidates.some((candidate) => candidate === document.activeElement));
}

/** Fails unless the focused element shows a focus indicator. `step` names the moment for the message. */
export async function expectFocusIndicated(page: Page, step: string): Promise<FocusedElement> {
  const focused = await focusedElement(page);
  if (!focused.indicated) throw new Error(`${step}: the focused element ${focused.description} shows no focus indicator (${focused.indicator})`);
  return focused;
}

/** Fails unless `expected` has the focus and shows a focus indicator. */
export async function expectFocusedVisibly(page: Page, expected: Locator, step: string): Promise<void> {
  if (!(await hasFocus(expected))) throw new Error(`${step}: expected the focus on ${String(expected)}, but it is on ${(await focusedElement(page)).description}`);
  await expectFocusIndicated(page, step);
}

/**
 * Presses Tab (Shift+Tab when `backwards`) until `target` has the focus,
 * checking at every stop that the focused element shows a focus indicator.
 * Fails after `max` presses.
 */
export async function tabTo(page: Page, target: Locator, step: string, { backwards = false, max = 40 } = {}): Promise<number> {
  for (let presses = 1; presses <= max; presses++) {
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
    await expectFocusIndicated(page, `${step} (Tab stop ${presses})`);
    if (await hasFocus(target)) return presses;
  }
  throw new Error(`${step}: ${max} presses of ${backwards ? 'Shift+Tab' : 'Tab'} did not reach ${String(target)}; the focus is on ${(await focusedElement(page)).description}`);
}

/**
 * Checks the focus trap of an open dialog: Tab and Shift+Tab, each pressed
 * once more than the dialog has tab stops, never take the focus out of it,
 * and every stop shows a focus indicator. Returns the number of stops seen.
 */
export async function expectFocusTrapped(page: Page, dialog: Locator, name: string): Promise<number> {
  const stops = await dialog.evaluate((element) => element.querySelectorAll('a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])').length);
  const seen = new Set<string>();
  for (const key of ['Tab', 'Shift+Tab']) {
    for (let press = 0; press <= stops + 1; press++) {
      await page.keyboard.press(key);
      const inside = await dialog.evaluate((element) => element.contains(document.activeElement));
      const focused = await focusedElement(page);
      if (!inside) throw new Error(`${name}: ${key} took the focus out of the dialog, to ${focused.description}`);
      if (!focused.indicated) throw new Error(`${name}: after ${key} the focused element ${focused.description} shows no focus indicator (${focused.indicator})`);
      seen.add(focused.description);
    }
  }
  return seen.size;
}
