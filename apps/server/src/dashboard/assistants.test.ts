/**
 * The MCP consent and Settings → Assistants in Debian's Chromium (issue 44): a signed-out partner
 * sent to authorize an assistant signs in to the dashboard and comes back to the consent page,
 * answers it by keyboard, and the browser is sent back to the assistant with a code (the page's
 * CSP lets the form end there); the assistant is then listed and revoked by keyboard. axe-core and
 * a screenshot on every page.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { backends, setUpAccount, TestServer } from '../../test/support/server-process.js';
import { checkA11y, launchBrowser, makeUser, screenshot, tabTo, type TestUser } from '../../test/support/browser.js';
import { authorizationUrl, pkce, registerClient, tokenRequest } from '../../test/support/mcp-oauth.js';

describe.each(backends())('assistants in the dashboard ($name)', (backend) => {
  let server: TestServer;
  let browser: Browser;
  let user: TestUser;
  beforeAll(async () => {
    [server, browser] = await Promise.all([TestServer.start(backend), launchBrowser()]);
    const account = await setUpAccount(server);
    user = await makeUser(server, account.accountId);
  }, 90_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('signs in, consents by keyboard, returns to the assistant with a code, then lists and revokes it', async () => {
    // The assistant's own callback: a real server on loopback, which keeps what it was sent.
    let returned: URL | null = null;
    const callback = http.createServer((req, res) => {
      // The browser also asks this origin for its favicon: only the callback counts.
      const url = new URL(req.url!, 'http://127.0.0.1');
      if (url.pathname === '/callback') returned = url;
      res.writeHead(url.pathname === '/callback' ? 200 : 404, { 'content-type': 'text/plain' }).end('assistant callback');
    });
    await new Promise<void>((resolve) => callback.listen(0, '127.0.0.1', resolve));
    const redirectUri = `http://127.0.0.1:${(callback.address() as AddressInfo).port}/callback`;
    const clientId = await registerClient(server.url, [redirectUri]);
    const { verifier, challenge } = pkce();
    const context = await browser.newContext({ baseURL: server.url });
    const page = await context.newPage();
    page.on('dialog', (dialog) => void dialog.accept());

    await page.goto(authorizationUrl(server.url, { clientId, challenge, scope: 'ddex:validate members:read', redirectUri }).toString());
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 30_000 }).toBe('/dashboard/sign-in');
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password').fill(user.password);
    await Promise.all([page.waitForURL('**/dashboard/assistants/authorize?**'), page.getByRole('button', { name: 'Sign in' }).click()]);
    expect(await page.textContent('h1')).toBe('Authorize Hand-driven client');
    await checkA11y(page);
    await screenshot(page, 'assistants-consent');

    // Untick members:read by keyboard, then Allow.
    await tabTo(page, page.locator('input[name="grant_scope"][value="members:read"]'));
    await page.keyboard.press('Space');
    await tabTo(page, page.getByRole('button', { name: 'Allow' }));
    // Waits for the callback page itself to load: a goto before that would be cut off by the redirect still under way.
    await Promise.all([page.waitForURL(`${redirectUri}?**`, { timeout: 30_000 }), page.keyboard.press('Enter')]);
    expect(returned?.searchParams.get('code') ?? '').toMatch(/^mcp_code_/);
    expect(returned!.searchParams.get('state')).toBe('st-1');
    const answer = await tokenRequest(server.url, { grant_type: 'authorization_code', code: returned!.searchParams.get('code')!, code_verifier: verifier, client_id: clientId, redirect_uri: redirectUri });
    expect((await answer.json()).scope).toBe('ddex:validate');

    await page.goto('/dashboard/settings/assistants');
    expect(await page.textContent('tbody')).toContain('Hand-driven client');
    await checkA11y(page);
    await screenshot(page, 'settings-assistants');
    await tabTo(page, page.getByRole('button', { name: 'Revoke' }));
    await Promise.all([page.waitForURL('**/dashboard/settings/assistants?done=revoked'), page.keyboard.press('Enter')]);
    expect(await page.textContent('[role="status"]')).toBe('Assistant revoked: its tokens no longer work.');
    expect(await page.textContent('.empty')).toContain('No assistant is authorized');
    await checkA11y(page);
    await context.close();
    callback.close();
  });
});
