/** The body guard of the server's configuration, for `receiveBatch`. */
import type { ServerConfig } from '../config.js';
import type { BodyGuard } from './request-body.js';

export function bodyGuardOf(config: ServerConfig): BodyGuard {
  return { idleMs: config.limits.bodyIdleMs, minBytesPerSecond: config.limits.bodyMinBytesPerSecond, windowMs: config.limits.bodyRateWindowMs };
}
