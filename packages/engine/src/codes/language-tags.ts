/**
 * Language codes as DDEX uses them: `LanguageOfPerformance` etc. hold an ISO 639 code, and
 * `LanguageAndScriptCode` a BCP 47-style tag (`en`, `ja-Jpan`, `zh-Hant-TW`, `es-419`). The
 * primary subtag is checked against ISO 639-1, 639-2/B and 639-3 (generated from the `iso-639-3` package);
 * script and region subtags only for their shape.
 */
import { LANGUAGE_CODES } from './language-codes.generated.js';

// ISO 639-2 collective codes that 639-3 does not list but DDEX senders use.
const COLLECTIVE = ['mul', 'und', 'zxx', 'mis'];

let known: Set<string> | null = null;
const knownCodes = () => (known ??= new Set([...LANGUAGE_CODES.split(' '), ...COLLECTIVE]));

export type LanguageProblem =
  | { kind: 'unknown'; language: string }
  | { kind: 'underscore'; suggestion: string }
  | { kind: 'shape' }
  | { kind: 'case'; suggestion: string };

/** What is wrong with a language tag, or null. */
export function languageTagProblem(tag: string): LanguageProblem | null {
  if (tag.includes('_')) return { kind: 'underscore', suggestion: tag.replace(/_/g, '-') };
  const parts = tag.split('-');
  const primary = parts[0];
  if (!/^[A-Za-z]{2,3}$/.test(primary)) return { kind: 'shape' };
  for (const sub of parts.slice(1)) {
    if (!/^([A-Za-z]{4}|[A-Za-z]{2}|\d{3}|[A-Za-z\d]{5,8})$/.test(sub)) return { kind: 'shape' };
  }
  if (!knownCodes().has(primary.toLowerCase())) return { kind: 'unknown', language: primary };
  if (primary !== primary.toLowerCase()) return { kind: 'case', suggestion: [primary.toLowerCase(), ...parts.slice(1)].join('-') };
  return null;
}
