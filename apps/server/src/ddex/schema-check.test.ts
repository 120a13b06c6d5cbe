/**
 * Start-up without the DDEX schemas: a process that runs the engine refuses to start, naming
 * DDEX_SCHEMAS_DIR and `ddex-check schemas pull`, unless the operator opts out; then it says so at
 * start and every report says the schema was not checked.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { backends, bearer, setUpAccount, TestServer } from '../../test/support/server-process.js';
import { audioMessage } from '../../test/support/ddex-fixtures.js';

// Resolved: the symlinks below point at it from a temporary folder, where a relative DDEX_SCHEMAS_DIR
// ("../shared/ddex/xsd", as a user may set it) would name nothing.
const SHARED_XSD = path.resolve(process.env.DDEX_SCHEMAS_DIR!);

describe.each(backends())('start-up without DDEX schemas ($name)', (backend) => {
  const dirs: string[] = [];
  const servers: TestServer[] = [];
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  /** An environment whose schema folder holds only `versions` (links to the shared sets) and whose user cache is empty. */
  function schemaEnv(versions: string[]): Record<string, string> {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ddex-schemas-'));
    dirs.push(dir);
    fs.mkdirSync(path.join(dir, 'xsd'));
    for (const v of versions) fs.symlinkSync(path.join(SHARED_XSD, `ern-${v}`), path.join(dir, 'xsd', `ern-${v}`));
    return { DDEX_SCHEMAS_DIR: path.join(dir, 'xsd'), XDG_CACHE_HOME: path.join(dir, 'cache') };
  }

  async function failedStart(env: Record<string, string>): Promise<string> {
    const server = await TestServer.create(backend, env);
    servers.push(server);
    const error = await server.start().then(() => null, (e: Error) => e);
    expect(error, 'the server started').not.toBeNull();
    return error!.message;
  }

  it('refuses to start with no schema at all, naming DDEX_SCHEMAS_DIR, the pull command and the opt-out', async () => {
    const message = await failedStart(schemaEnv([]));
    expect(message).toMatch(/server exited \(2\) before listening/);
    expect(message).toContain('no DDEX schema for ERN 3.7, ERN 3.8, ERN 3.8.1, ERN 3.8.2, ERN 4.1, ERN 4.2, ERN 4.3');
    expect(message).toContain('DDEX_SCHEMAS_DIR');
    expect(message).toContain('ddex-check schemas pull 3.7 3.8 3.8.1 3.8.2 4.1 4.2 4.3');
    expect(message).toContain('--allow-missing-schemas');
  });

  it('refuses to start when one supported version is missing, and names only that one', async () => {
    const message = await failedStart(schemaEnv(['3.7', '3.8', '3.8.1', '3.8.2', '4.1', '4.3']));
    expect(message).toContain('no DDEX schema for ERN 4.2 in');
    expect(message).toContain('ddex-check schemas pull 4.2"');
  });

  it('starts a process without the api and worker roles (it runs no engine)', async () => {
    const server = await TestServer.create(backend, { ...schemaEnv([]), ROLES: 'sftp' });
    servers.push(server);
    // An SFTP-only process serves no HTTP: it says "ddex-server running" (the harness's start waits
    // for that line), and it is still running a moment later, with no schema.
    await server.start();
    await new Promise((r) => setTimeout(r, 1000));
    expect(server.running).toBe(true);
    expect(server.pid).toBeGreaterThan(0);
  });

  it('starts with the opt-out, says so at start, and every dry run says the schema was not checked', async () => {
    const env = { ...schemaEnv(['4.3']), DDEX_ALLOW_MISSING_SCHEMAS: '1' };
    const server = await TestServer.create(backend, env);
    servers.push(server);
    await server.start();
    expect(server.stderr).toContain('ddex-server: WARNING: schema validation is OFF for ERN 3.7, ERN 3.8, ERN 3.8.1, ERN 3.8.2, ERN 4.1, ERN 4.2:');
    const account = await setUpAccount(server, { scopes: ['ddex:validate'] });
    // A 4.3 message is checked; the same message as 4.2 (no schema) is answered with the schema skipped.
    const { xml } = audioMessage();
    const checked = await (await server.fetch('/v1/ddex/validate', { method: 'POST', headers: { ...bearer(account.key), 'content-type': 'application/xml' }, body: xml })).json();
    const schemaCheck = (report: { checks: { rule: string; status: string; message: string }[] }) => report.checks.find((c) => c.rule === 'xml-schema-valid');
    expect(schemaCheck(checked.data)?.status).toBe('pass');
    const as42 = xml.replaceAll('http://ddex.net/xml/ern/43', 'http://ddex.net/xml/ern/42').replace(/MessageSchemaVersionId="[^"]*"/, 'MessageSchemaVersionId="ern/42"');
    const unchecked = await (await server.fetch('/v1/ddex/validate', { method: 'POST', headers: { ...bearer(account.key), 'content-type': 'application/xml' }, body: as42 })).json();
    expect(unchecked.data.ern_version).toBe('4.2');
    expect(schemaCheck(unchecked.data)).toMatchObject({ status: 'skipped' });
    expect(schemaCheck(unchecked.data)!.message).toMatch(/ERN 4\.2/);
  });
});
