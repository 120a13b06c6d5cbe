/**
 * The ops listener of every process, whatever its roles: `GET /metrics` (Prometheus text), `/livez`
 * and `/readyz`, on `METRICS_ADDR` (`host:port`; off when unset). It is a separate port so an
 * operator can keep it private (loopback, or a network only Prometheus reaches): metrics name
 * routes, job kinds and volumes, which partners have no business reading. A plain `node:http`
 * server: nothing of the API (keys, CORS, rate limits, error bodies) applies here.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { metricsRegistry } from './metrics.js';
import { readiness, type ReadinessSources } from './readiness.js';
import { LIVE_PATH, READY_PATH } from './health-routes.js';

interface Log {
  warn(obj: object, msg: string): void;
}

function send(response: http.ServerResponse, status: number, type: string, body: string): void {
  response.writeHead(status, { 'content-type': type, 'cache-control': 'no-store', 'content-length': Buffer.byteLength(body) });
  response.end(body);
}

export class OpsListener {
  private server: http.Server | null = null;

  constructor(private readonly o: { address: { host: string; port: number }; sources: ReadinessSources; log: Log }) {}

  /** Listens; returns `host:port` (the port picked for port 0). */
  async start(): Promise<string> {
    const server = http.createServer((request, response) => void this.answer(request, response));
    this.server = server;
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.o.address.port, this.o.address.host, () => resolve());
    });
    const { address, port } = server.address() as AddressInfo;
    return `${address.includes(':') ? `[${address}]` : address}:${port}`;
  }

  private async answer(request: http.IncomingMessage, response: http.ServerResponse): Promise<void> {
    try {
      const path = (request.url ?? '/').split('?')[0];
      if (request.method !== 'GET' && request.method !== 'HEAD') return send(response, 405, 'text/plain', 'GET only\n');
      if (path === '/metrics') return send(response, 200, metricsRegistry.contentType, await metricsRegistry.metrics());
      if (path === LIVE_PATH) return send(response, 200, 'application/json', JSON.stringify({ status: 'live' }));
      if (path === READY_PATH) {
        const r = await readiness(this.o.sources);
        return send(response, r.ready ? 200 : 503, 'application/json', JSON.stringify({ status: r.ready ? 'ready' : 'not ready', checks: r.checks }));
      }
      send(response, 404, 'text/plain', 'not found: /metrics, /livez, /readyz\n');
    } catch (error) {
      this.o.log.warn({ err: error }, 'ops listener: answer failed');
      if (!response.headersSent) send(response, 500, 'text/plain', 'metrics could not be collected\n');
      else response.destroy();
    }
  }

  async stop(): Promise<void> {
    const server = this.server;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
