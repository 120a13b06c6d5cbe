/**
 * HTTP requests with a Host header of the test's choosing (fetch always sends the address it
 * connects to): a white-label portal's domain is a Host header, so the tests send one to the real
 * server on loopback. Answers come back as a fetch `Response`, for the same assertions.
 */
import http from 'node:http';

export interface HostRequest {
  method?: string;
  /** The Host header (a portal's domain, with or without a port). */
  host: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
}

/** `pathAndQuery` is sent as is (not normalised), so a malformed path reaches the server. */
export function hostRequest(serverUrl: string, pathAndQuery: string, o: HostRequest): Promise<Response> {
  const target = new URL(serverUrl);
  return new Promise((resolve, reject) => {
    const request = http.request(
      { host: target.hostname, port: target.port, method: o.method ?? 'GET', path: pathAndQuery, headers: { ...o.headers, host: o.host }, setHost: false },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (c: Buffer) => chunks.push(c));
        response.on('error', reject);
        response.on('end', () => {
          const headers = new Headers();
          for (const [name, value] of Object.entries(response.headers)) {
            if (value === undefined) continue;
            for (const v of [value].flat()) headers.append(name, v);
          }
          const status = response.statusCode ?? 0;
          const body = status === 204 || status === 304 ? null : Buffer.concat(chunks);
          resolve(new Response(body, { status, headers }));
        });
      },
    );
    request.on('error', reject);
    request.end(o.body);
  });
}
