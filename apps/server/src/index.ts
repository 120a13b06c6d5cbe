/** @ddex-check/server: the partner API around the engine (see README). */
export { buildServer, startServer, type RunningServer } from './server.js';
export { loadConfig, type ServerConfig } from './config.js';
export { run } from './cli.js';
