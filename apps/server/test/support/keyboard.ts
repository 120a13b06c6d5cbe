/**
 * Keyboard reachability for browser tests: walks the page with Tab from the top and checks that
 * every visible control of the main content (link, button, field, disclosure) takes the focus,
 * in order, with nothing skipped and no trap.
 */
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** A short description of the element that has the focus (or of every control of `main`). */
const describeControls = `(() => {
  const name = (el) => el.tagName.toLowerCase() + ':' + (el.getAttribute('aria-label') || el.textContent || el.getAttribute('name') || el.getAttribute('href') || '').trim().replace(/\\s+/g, ' ').slice(0, 60) + '#' + [...document.querySelectorAll(el.tagName)].indexOf(el);
  const visible = (el) => !!(el.offsetWidth || el.offsetHeight || el.getClientRects().length) && getComputedStyle(el).visibility !== 'hidden';
  window.__controlName = name;
  return [...document.querySelectorAll('main a[href], main button, main input:not([type=hidden]), main select, main textarea, main summary')]
    .filter((el) => !el.disabled && visible(el) && !el.closest('details:not([open]) > :not(summary)'))
    .map(name);
})()`;

/** Presses Tab until the focus has been on every control of `main` (or `max` presses); fails naming the ones never reached. */
export async function expectEveryControlByKeyboard(page: Page, max = 400): Promise<number> {
  const controls = (await page.evaluate(describeControls)) as string[];
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.evaluate(() => window.scrollTo(0, 0));
  const reached = new Set<string>();
  const order: string[] = [];
  for (let i = 0; i < max && reached.size < controls.length; i++) {
    await page.keyboard.press('Tab');
    const focused = (await page.evaluate('document.activeElement && document.activeElement !== document.body ? window.__controlName(document.activeElement) : null')) as string | null;
    order.push(String(focused));
    if (focused && controls.includes(focused)) reached.add(focused);
  }
  expect(controls.filter((c) => !reached.has(c)), `controls of ${page.url()} never reached by Tab (the focus went ${order.slice(0, 60).join(' > ')})`).toEqual([]);
  return controls.length;
}
