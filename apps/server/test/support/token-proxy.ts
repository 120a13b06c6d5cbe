/**
 * A small HTTP proxy for the MCP conformance suite, whose server scenarios send no token: every
 * request to the proxy's `/mcp` goes to the server's {mcp_url} with `Authorization: Bearer <token>`
 * added, a token obtained through the real OAuth flow. The Host is the server's (the token is for
 * its resource); the Origin is passed on untouched, so the suite's DNS-rebinding scenario meets the
 * server's own check. Tests only: the product has no unauthenticated door.
 */
import http from 'node:http';

export async function startTokenProxy(target: string, token: () => string): Promise<{ url: string; close(): Promise<void> }> {
  const upstream = new URL(target);
  const server = http.createServer((request, response) => {
    const headers = { ...request.headers, host: upstream.host, authorization: `Bearer ${token()}` };
    const path = (request.url ?? '/').replace(/^\/mcp/, upstream.pathname);
    const forward = http.request({ hostname: upstream.hostname, port: upstream.port, path, method: request.method, headers }, (answer) => {
      response.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(response);
    });
    forward.on('error', (error) => {
      if (!response.headersSent) response.writeHead(502, { 'content-type': 'text/plain' });
      response.end(`proxy: ${error.message}`);
    });
    response.on('close', () => forward.destroy());
    request.pipe(forward);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
