/** Delivering through the API and waiting for the delivery worker. */
import { expect } from 'vitest';
import { bearer, type TestServer } from './server-process.js';

export const FINAL = ['done', 'partial', 'failed'];

export async function deliver(server: TestServer, key: string, body: BodyInit, o: { query?: string; base?: string; contentType?: string } = {}) {
  const headers: Record<string, string> = { ...bearer(key) };
  if (o.contentType) headers['content-type'] = o.contentType;
  const response = await server.fetch(`${o.base ?? '/v1'}/ddex${o.query ?? ''}`, { method: 'POST', headers, body });
  const answer = await response.json();
  expect(response.status, JSON.stringify(answer)).toBe(202);
  return answer.data as { id: number; status: string; environment: string; status_url: string };
}

export async function waitForDelivery(server: TestServer, key: string, id: number, until: (status: string) => boolean = (s) => FINAL.includes(s)) {
  for (let i = 0; i < 600; i++) {
    const body = await (await server.fetch(`/v1/ddex/${id}`, { headers: bearer(key) })).json();
    if (until(body.data.status)) return body.data;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`delivery ${id} did not reach the expected status in 60 s`);
}
