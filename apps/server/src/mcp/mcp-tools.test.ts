/**
 * The MCP tools answer what their API endpoints answer (issue 44): a direct upload started by the
 * tool, its file PUT to the URL the tool handed out, committed by the tool, is a delivery the API
 * lists; members, earnings and payouts are the API's objects; explain_check reads the rule
 * catalogue and an unknown rule is not found; bad arguments are refused by the tool's schema.
 * A tool's output schema (manifest.json, tools/list) is its endpoint's answer schema, and what the
 * tools answer validates against it.
 */
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, bearer, setUpAccount, TestServer } from '../../test/support/server-process.js';
import { makeUser, signInHttp } from '../../test/support/browser.js';
import { audioMessage } from '../../test/support/ddex-fixtures.js';
import { waitForDelivery } from '../../test/support/deliveries.js';
import { mcpCall, obtainTokens, rpcAnswer } from '../../test/support/mcp-oauth.js';

const addFormats = (addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ?? addFormatsModule;

describe.each(backends())('MCP tools ($name)', (backend) => {
  let server: TestServer;
  let account: Awaited<ReturnType<typeof setUpAccount>>;
  let token = '';
  beforeAll(async () => {
    server = await TestServer.start(backend);
    account = await setUpAccount(server, { scopes: ['ddex:write', 'members:read', 'earnings:read', 'payouts:read'] });
    token = (await obtainTokens(server.url, await signInHttp(server, await makeUser(server, account.accountId)))).access_token;
  });
  afterAll(() => server?.stop());

  async function call(name: string, args: object): Promise<{ isError?: boolean; structuredContent: any; content: { text: string }[] }> {
    const json = await rpcAnswer(await mcpCall(server, token, 'tools/call', { name, arguments: args }));
    if (json.error) throw new Error(`${name}: ${JSON.stringify(json.error)}`);
    return json.result;
  }
  const api = async (path: string) => (await server.fetch(path, { headers: bearer(account.key) })).json();

  it('starts a direct upload, hands out its URL, commits it: a delivery of the account', async () => {
    const bytes = Buffer.from(audioMessage().xml);
    const started = await call('start_upload', { name: 'tonight.xml', size: bytes.length });
    expect(started.isError).toBeFalsy();
    const upload = started.structuredContent.data;
    expect(upload.upload.method).toBe('single');
    expect(upload.upload.url).toMatch(new RegExp(`^${server.url}/v1/ddex/uploads/${upload.id}/parts/1\\?`));
    expect((await fetch(upload.upload.url, { method: 'PUT', body: bytes })).status).toBeLessThan(300);
    const committed = await call('commit_upload', { id: String(upload.id) });
    expect(committed.isError).toBeFalsy();
    const deliveryId = committed.structuredContent.data.id;
    // Imported first, so that the list holds still between the tool's answer and the API's.
    expect((await waitForDelivery(server, account.key, deliveryId)).status).toBe('done');
    const listed = await call('list_deliveries', {});
    expect(listed.structuredContent).toEqual(await api('/v1/ddex'));
    expect(listed.structuredContent.data[0].id).toBe(deliveryId);
  });

  it('answers members, earnings and payouts as the API does', async () => {
    expect((await call('list_members', {})).structuredContent).toEqual(await api('/v1/members'));
    expect((await call('list_members', { kind: 'artist' })).structuredContent).toEqual(await api('/v1/members?kind=artist'));
    expect((await call('earnings_summary', { by: 'store', months: 3 })).structuredContent).toEqual(await api('/v1/earnings?by=store&months=3'));
    const payouts = await call('payouts_summary', {});
    expect(payouts.structuredContent).toEqual(await api('/v1/payouts'));
    expect(payouts.content[0].text).toMatch(/^Available: 0\.00 USD; 0 payouts\.$/);
  });

  it('explains a check from the rule catalogue, and an unknown one is not found', async () => {
    const explained = await call('explain_check', { rule: 'codes-isrc-syntax' });
    expect(explained.structuredContent.data).toMatchObject({ id: 'codes-isrc-syntax', meaning: expect.any(String), how_to_fix: expect.any(Object), where: { stage: expect.any(String) } });
    expect(explained.structuredContent.data.sources.length).toBeGreaterThan(0);
    const unknown = await call('explain_check', { rule: 'no-such-rule' });
    expect(unknown.isError).toBe(true);
    expect(unknown.structuredContent).toMatchObject({ code: 'not_found' });
  });

  it('refuses arguments outside the tool\'s schema without calling it', async () => {
    const bad = await call('get_delivery', { id: '1; drop table deliveries' });
    expect(bad.isError).toBe(true);
    expect(bad.content[0].text).toMatch(/id/);
    const tooMany = await call('earnings_summary', { months: 61 });
    expect(tooMany.isError).toBe(true);
  });

  it('declares the API\'s answer schemas as output schemas, and real answers validate against them', async () => {
    const manifest = await (await server.fetch('/v1/mcp/manifest.json')).json();
    const byName = new Map<string, any>(manifest.tools.map((t: { name: string }) => [t.name, t]));
    const delivery = byName.get('get_delivery').output_schema;
    // The delivery's own properties, not `data: record`: the detail is carried in $defs.
    expect(delivery.properties.data).toEqual({ $ref: '#/$defs/delivery-detail' });
    expect(Object.keys(delivery.$defs['delivery-detail'].properties)).toEqual(expect.arrayContaining(['id', 'status', 'batch_name', 'items', 'release_ids']));
    expect(delivery.$defs['delivery-item']).toBeDefined();
    expect(byName.get('list_members').output_schema.properties.data.items).toEqual({ $ref: '#/$defs/member' });
    expect(Object.keys(byName.get('payouts_summary').output_schema.properties)).toEqual(expect.arrayContaining(['balance', 'data']));
    expect(byName.get('validate').output_schema.$defs['validation-report']).toBeDefined();

    // tools/list advertises the same schemas.
    const tools = (await rpcAnswer(await mcpCall(server, token, 'tools/list', {}))).result.tools as { name: string; outputSchema: object }[];
    for (const tool of tools) expect({ tool: tool.name, schema: tool.outputSchema }).toEqual({ tool: tool.name, schema: expect.objectContaining(byName.get(tool.name).output_schema) });

    const ajv = new Ajv2020({ allErrors: true, strict: false });
    (addFormats as unknown as (a: Ajv2020) => void)(ajv);
    const check = (name: string, structured: unknown) => {
      const validate = ajv.compile(byName.get(name).output_schema);
      expect({ name, errors: validate(structured) ? null : validate.errors }).toEqual({ name, errors: null });
    };
    const validated = await call('validate', { xml: audioMessage().xml });
    expect(validated.isError).toBeFalsy();
    check('validate', validated.structuredContent);
    const bytes = Buffer.from(audioMessage().xml);
    const started = await call('start_upload', { name: 'schema.xml', size: bytes.length });
    check('start_upload', started.structuredContent);
    await fetch(started.structuredContent.data.upload.url, { method: 'PUT', body: bytes });
    const committed = await call('commit_upload', { id: String(started.structuredContent.data.id) });
    check('commit_upload', committed.structuredContent);
    const listedDeliveries = await call('list_deliveries', {});
    check('list_deliveries', listedDeliveries.structuredContent);
    const one = await call('get_delivery', { id: String(listedDeliveries.structuredContent.data[0].id) });
    expect(one.isError).toBeFalsy();
    check('get_delivery', one.structuredContent);
    for (const [name, args] of [['list_members', {}], ['earnings_summary', { by: 'month' }], ['payouts_summary', {}], ['ping', {}], ['explain_check', { rule: 'codes-isrc-syntax' }]] as const) {
      const answer = await call(name, args);
      expect(answer.isError).toBeFalsy();
      check(name, answer.structuredContent);
    }
    // The schema is not a formality: an answer of another shape fails it.
    expect(ajv.compile(delivery)({ data: { id: 1 } })).toBe(false);
  });
});
