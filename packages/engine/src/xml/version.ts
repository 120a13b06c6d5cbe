/**
 * ERN version detection. The root namespace decides; MessageSchemaVersionId is advisory (official
 * 3.8 samples declare "ern/382", a Sony 3.8.1 message declares "/ern/381").
 */
import type { ErnFamily, ErnVersion } from '../ern/model.js';

const BY_NAMESPACE: Record<string, ErnVersion> = {
  'http://ddex.net/xml/ern/37': '3.7',
  'http://ddex.net/xml/ern/38': '3.8',
  'http://ddex.net/xml/ern/381': '3.8.1',
  'http://ddex.net/xml/ern/382': '3.8.2',
  'http://ddex.net/xml/ern/41': '4.1',
  'http://ddex.net/xml/ern/42': '4.2',
  'http://ddex.net/xml/ern/43': '4.3',
};

export const SUPPORTED_VERSIONS: readonly ErnVersion[] = ['3.7', '3.8', '3.8.1', '3.8.2', '4.1', '4.2', '4.3'];
export const CURRENT_VERSION: ErnVersion = '4.3';

export const ERN_ROOTS = ['NewReleaseMessage', 'PurgeReleaseMessage', 'CatalogListMessage'] as const;

export function versionOfNamespace(ns: string): ErnVersion | null {
  return BY_NAMESPACE[ns] ?? null;
}

export function familyOf(version: ErnVersion): ErnFamily {
  return version.startsWith('4') ? '4' : '3';
}

/** `ern/382`, `/ern/381`, `3.8.2` -> `3.8.2`; null when unreadable. */
export function versionOfDeclaredId(declared: string): string | null {
  const text = declared.trim().replace(/^\/+/, '');
  const ern = /^ern\/(\d)(\d)(\d?)$/i.exec(text);
  if (ern) return [ern[1], ern[2], ern[3]].filter(Boolean).join('.');
  const dotted = /^(\d+(?:\.\d+){1,2})$/.exec(text);
  return dotted ? dotted[1] : null;
}

/** A human name for an ERN-looking namespace we do not support (`http://ddex.net/xml/ern/341` -> `3.4.1`). */
export function versionNameOfNamespace(ns: string): string | null {
  const m = /ddex\.net\/xml\/ern\/(\d)(\d)(\d?)\w*$/.exec(ns);
  if (m) return [m[1], m[2], m[3]].filter(Boolean).join('.');
  return oldErnOfNamespace(ns)?.version ?? null;
}

/** A draft of a version (`http://ddex.net/xml/ern/37D2` -> 3.7, draft D2): never a release DDEX published. */
export function draftOfNamespace(ns: string): { version: string; draft: string } | null {
  const m = /ddex\.net\/xml\/ern\/(\d)(\d)(\d?)(D\d+)$/i.exec(ns);
  return m ? { version: [m[1], m[2], m[3]].filter(Boolean).join('.'), draft: m[4].toUpperCase() } : null;
}

/**
 * ERN before 3.4 lived under dated namespaces: `http://ddex.net/xml/2010/ern-main/312` (3.1.2),
 * `…/2011/ern-main/33` (3.3), `…/2009/ern-simple/102` (ERN-Simple 1.0.2).
 */
export function oldErnOfNamespace(ns: string): { version: string; flavour: string } | null {
  const m = /ddex\.net\/xml\/\d{4}\/ern-(main|simple)\/(\d)(\d)(\d?)$/.exec(ns);
  return m ? { version: [m[2], m[3], m[4]].filter(Boolean).join('.'), flavour: m[1] === 'simple' ? 'ERN-Simple' : 'ERN' } : null;
}
