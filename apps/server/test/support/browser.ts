/**
 * Browser tests of the dashboard: Debian's Chromium driven by playwright-core, axe-core run in the
 * page (serious and critical violations fail), screenshots kept under
 * `apps/server/test-artifacts/screenshots/` (CI prints where), and users made and signed in for a
 * test, in the browser or over plain HTTP.
 */
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { expect } from 'vitest';
import { SERVER_DIR, type TestServer } from './server-process.js';

export const SCREENSHOTS_DIR = path.join(SERVER_DIR, 'test-artifacts/screenshots');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'], headless: true });
}

/**
 * Runs axe-core on the page as it is now and fails on any serious or critical violation, naming
 * each rule and the elements it found. Evaluated through the DevTools protocol, so the dashboard's
 * Content-Security-Policy (no inline script) stays on while it runs.
 */
export async function checkA11y(page: Page): Promise<void> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(context: Document, options: object): Promise<{ violations: { id: string; impact: string | null; help: string; nodes: { target: unknown[] }[] }[] }> } }).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.map((n) => JSON.stringify(n.target)).slice(0, 5) }));
  });
  const bad = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(bad, `axe on ${page.url()}:\n${bad.map((v) => `${v.impact} ${v.id}: ${v.help} at ${v.targets.join(', ')}`).join('\n')}`).toEqual([]);
}

/** A full-page PNG named `<name>.png` in SCREENSHOTS_DIR; returns its path. */
export async function screenshot(page: Page, name: string): Promise<string> {
  fs.mkdirSync(SCREENSHOTS_DIR, { recursive: true });
  const file = path.join(SCREENSHOTS_DIR, `${name.replace(/[^\w.-]+/g, '-')}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}

/**
 * Presses Tab from the top of the page until `target` has the focus (fails after `max` presses):
 * the action is reachable by keyboard, in the page's own order. The focus is left on it, so
 * `page.keyboard.press('Enter')` (or Space) acts on it next.
 */
export async function tabTo(page: Page, target: Locator, max = 80): Promise<void> {
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((el) => el === document.activeElement)) return;
  }
  throw new Error(`${target} was not reached after ${max} presses of Tab on ${page.url()}`);
}

/** The path and token of an invitation link printed by `admin user invite` (its host is PUBLIC_URL's, not the test server's). */
export const invitePath = (link: string) => new URL(link).pathname;

export interface TestUser {
  id: number;
  email: string;
  password: string;
}

let users = 0;

/** A user of the account, invited by the admin command and with its password set through the invitation page (over HTTP). */
export async function makeUser(server: TestServer, accountId: number, o: { email?: string; password?: string } = {}): Promise<TestUser> {
  const email = o.email ?? `user-${process.pid}-${++users}-${Date.now().toString(36)}@label.test`;
  const password = o.password ?? `correct horse ${users} battery`;
  const invited = await server.admin<{ id: number; link: string }>('user', 'invite', '--account', String(accountId), '--email', email);
  const set = await server.fetch(invitePath(invited.link), { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ password, confirm: password }).toString() });
  if (set.status !== 200) throw new Error(`setting the password of ${email} answered ${set.status}: ${await set.text()}`);
  return { id: invited.id, email: email.toLowerCase(), password };
}

/** Signs in through the sign-in page of a new browser context; the page is left on the dashboard's start page. */
export async function signInBrowser(browser: Browser, server: TestServer, user: TestUser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: server.url });
  const page = await context.newPage();
  await page.goto('/dashboard/sign-in');
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await Promise.all([page.waitForURL('**/dashboard'), page.getByRole('button', { name: 'Sign in' }).click()]);
  return { context, page };
}

/** Cookie header value of a Set-Cookie list, for the named cookies. */
function cookiesOf(response: Response, names: string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const line of response.headers.getSetCookie()) {
    const [pair] = line.split(';');
    const at = pair.indexOf('=');
    const name = pair.slice(0, at);
    if (names.includes(name)) out[name] = pair.slice(at + 1);
  }
  return out;
}

export interface HttpSession {
  /** `cookie` header value carrying the session. */
  cookie: string;
  /** The session's CSRF token, as the layout's meta tag gives it. */
  csrf: string;
  /** fetch on the server with the session's cookie (and the CSRF header with `csrf: true`). */
  fetch(pathAndQuery: string, init?: RequestInit & { csrf?: boolean }): Promise<Response>;
}

/** Signs in over plain HTTP as a browser would (the sign-in form's token, then the session cookie): for tests that need no page. */
export async function signInHttp(server: TestServer, user: TestUser): Promise<HttpSession> {
  const form = await server.fetch('/dashboard/sign-in');
  const pre = cookiesOf(form, ['ddex_sign_in']).ddex_sign_in;
  const token = /name="_csrf" value="([^"]+)"/.exec(await form.text())?.[1];
  if (!pre || !token) throw new Error('the sign-in page gave no form token');
  const signedIn = await server.fetch('/dashboard/sign-in', {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: `ddex_sign_in=${pre}` },
    body: new URLSearchParams({ _csrf: token, email: user.email, password: user.password }).toString(),
  });
  const session = cookiesOf(signedIn, ['ddex_session']).ddex_session;
  if (signedIn.status !== 303 || !session) throw new Error(`sign-in of ${user.email} answered ${signedIn.status}: ${await signedIn.text()}`);
  const cookie = `ddex_session=${session}`;
  const home = await server.fetch('/dashboard', { headers: { cookie } });
  const csrf = /<meta name="csrf-token" content="([^"]+)"/.exec(await home.text())?.[1];
  if (!csrf) throw new Error('the dashboard page has no csrf-token meta tag');
  return {
    cookie,
    csrf,
    fetch: (pathAndQuery, init = {}) => {
      const headers = new Headers(init.headers);
      headers.set('cookie', cookie);
      if (init.csrf) headers.set('x-csrf-token', csrf);
      return server.fetch(pathAndQuery, { redirect: 'manual', ...init, headers });
    },
  };
}

/**
 * Runs an action that submits a form (a click, Enter) and waits until the page it leads to has
 * loaded. `waitForLoadState('load')` alone resolves at once on the page already loaded, before the
 * browser has even sent the form: the main frame's next navigation is what says the answer came.
 */
export async function submitAndWait(page: Page, action: () => Promise<unknown>): Promise<void> {
  const navigated = page.waitForEvent('framenavigated', { predicate: (frame) => frame === page.mainFrame() });
  await action();
  await navigated;
  await page.waitForLoadState('load');
}
