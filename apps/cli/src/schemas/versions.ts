/**
 * Where DDEX publishes each ERN XSD set, and where a mirror serves it. DDEX's own addresses are
 * `http://ddex.net/xml/ern/<digits>/release-notification.xsd` (4.3 -> `ern/43`); a mirror given
 * with `--from BASE` serves `BASE/ern-<version>/<file>` laid out like the sets on disk.
 */
import type { ErnVersion } from '@ddex-check/engine';

/** The versions the engine reads; `schemas pull` without a version fetches these. */
export const DEFAULT_VERSIONS = ['3.7', '3.8', '3.8.1', '3.8.2', '4.1', '4.2', '4.3'] as const satisfies readonly ErnVersion[];

/** Sets whose main file is not at the top of the set folder. */
const MAIN_PATH: Record<string, string> = { '4.3.2': 'ernv432/release-notification.xsd' };

export function isVersionName(version: string): boolean {
  return /^\d+(\.\d+){1,3}$/.test(version);
}

export function officialUrl(version: string): string {
  return `http://ddex.net/xml/ern/${version.replace(/\./g, '')}/release-notification.xsd`;
}

export function mirrorUrl(base: string, version: string): { main: string; setRoot: string } {
  const setRoot = `${base.replace(/\/+$/, '')}/ern-${version}/`;
  return { main: setRoot + (MAIN_PATH[version] ?? 'release-notification.xsd'), setRoot };
}
