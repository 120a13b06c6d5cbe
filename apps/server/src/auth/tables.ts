/** Tables of API keys, their rate windows and the server's own keys, added to the server's `Database`. */
import type { Generated } from 'kysely';

export interface ApiKeyTable {
  id: Generated<number>;
  account_id: number;
  name: string;
  /** Visible start of the key (`svc_live_` and 8 characters); not secret, used to find the row. */
  prefix: string;
  /** sha256 (hex) of the whole key. */
  key_hash: string;
  /** JSON array of scope strings. */
  scopes: string;
  expires_at: string | null;
  revoked_at: string | null;
  created_at: string;
}

export interface RateWindowTable {
  key_id: number;
  /** Minutes since the epoch. */
  window_minute: number;
  count: number;
}

/**
 * A fixed window's count of something limited without an API key (http/rate-limit.ts,
 * `countInWindow`): `bucket` names what is counted (`token:<grant id>`, `register:<address>`),
 * `window_index` is the window's number since the epoch in its own length (minutes, hours).
 */
export interface RateBucketTable {
  bucket: string;
  window_index: number;
  count: number;
}

/** One of the server's own keys (auth/server-keys.ts): a 32-byte key in base64, or the SFTP host key. */
export interface ServerKeyTable {
  name: string;
  value: string;
  created_at: string;
}

declare module '../db/schema.js' {
  interface Database {
    server_keys: ServerKeyTable;
    api_keys: ApiKeyTable;
    rate_windows: RateWindowTable;
    rate_buckets: RateBucketTable;
  }
}
