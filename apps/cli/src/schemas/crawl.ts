/**
 * Downloads an XSD and everything it pulls in (`xs:import`, `xs:include`, `xs:redefine`,
 * `xs:override`, followed recursively), with limits on size, count and time. Files are kept
 * byte for byte as served, so their sha256 can be compared with DDEX's; the schema store maps
 * remote `schemaLocation`s to local files of the same name when it reads them.
 */

const COMPOSITION = /<!--[\s\S]*?-->|<(?:[\w.-]+:)?(?:import|include|redefine|override)\b[^>]*>/g;
const SCHEMA_LOCATION = /\bschemaLocation\s*=\s*(["'])([^"']*)\1/;
const HAS_SCHEME = /^[a-z][a-z0-9+.-]*:/i;

export const LIMITS = { maxFiles: 64, maxBytes: 64 * 1024 * 1024, timeoutMs: 60_000 };

export interface CrawledFile {
  url: string;
  bytes: Buffer;
  /** True when some file referred to it with an absolute URL (it then lives at the set's top). */
  absolute: boolean;
}

export class PullError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PullError';
  }
}

async function download(url: string, fetchImpl: typeof fetch): Promise<Buffer> {
  const protocol = new URL(url).protocol;
  if (protocol !== 'http:' && protocol !== 'https:') throw new PullError(`${url}: only http and https addresses are fetched`);
  let response: Response;
  try {
    response = await fetchImpl(url, { signal: AbortSignal.timeout(LIMITS.timeoutMs), redirect: 'follow' });
  } catch (error) {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    throw new PullError(`${url}: ${cause?.code ?? cause?.message ?? (error as Error).message}`);
  }
  if (!response.ok) throw new PullError(`${url}: HTTP ${response.status} ${response.statusText}`.trim());
  const declared = Number(response.headers.get('content-length') ?? 0);
  if (declared > LIMITS.maxBytes) throw new PullError(`${url}: ${declared} bytes is more than the ${LIMITS.maxBytes} allowed for one schema file`);
  const bytes = Buffer.from(await response.arrayBuffer());
  if (bytes.length > LIMITS.maxBytes) throw new PullError(`${url}: more than ${LIMITS.maxBytes} bytes`);
  return bytes;
}

/** The schema locations a file refers to, as written (commented-out imports skipped). */
export function schemaLocations(bytes: Buffer): string[] {
  const text = bytes.toString('latin1');
  const found: string[] = [];
  for (const match of text.matchAll(COMPOSITION)) {
    if (match[0].startsWith('<!--')) continue;
    const location = SCHEMA_LOCATION.exec(match[0])?.[2].trim();
    if (location) found.push(location);
  }
  return found;
}

/**
 * Crawls from `mainUrl`. `mapAbsolute` lets a mirror serve the remote imports too (a URL import is
 * fetched from the mirror's set folder under its base name).
 */
export async function crawl(mainUrl: string, fetchImpl: typeof fetch, mapAbsolute: (url: string) => string = (u) => u): Promise<CrawledFile[]> {
  const files = new Map<string, CrawledFile>();
  const queue: { url: string; absolute: boolean }[] = [{ url: mainUrl, absolute: false }];
  while (queue.length > 0) {
    const { url, absolute } = queue.shift()!;
    const known = files.get(url);
    if (known) {
      known.absolute ||= absolute;
      continue;
    }
    if (files.size >= LIMITS.maxFiles) throw new PullError(`more than ${LIMITS.maxFiles} schema files from ${mainUrl}: stopped`);
    const bytes = await download(url, fetchImpl);
    files.set(url, { url, bytes, absolute });
    for (const location of schemaLocations(bytes)) {
      if (HAS_SCHEME.test(location)) queue.push({ url: mapAbsolute(location), absolute: true });
      else queue.push({ url: new URL(location, url).href, absolute: false });
    }
  }
  return [...files.values()];
}
