/**
 * Language codes as DDEX uses them: `LanguageOfPerformance` etc. hold an ISO 639 code, and
 * `LanguageAndScriptCode` a BCP 47-style tag (`en`, `ja-Jpan`, `zh-Hant-TW`, `es-419`). The
 * primary subtag is checked against ISO 639-1, 639-2/B and 639-3 (from the `iso-639-3` package);
 * script and region subtags only for their shape.
 */
import { iso6393 } from 'iso-639-3';

let known: Set<string> | null = null;
let names: Map<string, string> | null = null;

function tables() {
  if (!known || !names) {
    const k = (known = new Set<string>());
    const n = (names = new Map<string, string>());
    // Built once per process, in code that runs once: indexed loops and no array per language
    // (7,900 of them), which cold code would allocate and iterate (a few ms of each CLI run).
    const add = (code: string | undefined, name: string) => {
      if (!code) return;
      k.add(code);
      if (!n.has(code)) n.set(code, name);
    };
    for (let i = 0; i < iso6393.length; i++) {
      const lang = iso6393[i];
      add(lang.iso6391, lang.name);
      add(lang.iso6392B, lang.name);
      add(lang.iso6392T, lang.name);
      add(lang.iso6393, lang.name);
    }
    // ISO 639-2 collective codes that 639-3 does not list but DDEX senders use.
    for (const [code, name] of [['mul', 'Multiple languages'], ['und', 'Undetermined'], ['zxx', 'No linguistic content'], ['mis', 'Uncoded languages']] as const) {
      known.add(code);
      if (!names.has(code)) names.set(code, name);
    }
  }
  return { known, names };
}

export type LanguageProblem =
  | { kind: 'unknown'; language: string }
  | { kind: 'underscore'; suggestion: string }
  | { kind: 'shape' }
  | { kind: 'case'; suggestion: string };

/** What is wrong with a language tag, or null. */
export function languageTagProblem(tag: string): LanguageProblem | null {
  const { known } = tables();
  if (tag.includes('_')) return { kind: 'underscore', suggestion: tag.replace(/_/g, '-') };
  const parts = tag.split('-');
  const primary = parts[0];
  if (!/^[A-Za-z]{2,3}$/.test(primary)) return { kind: 'shape' };
  for (const sub of parts.slice(1)) {
    if (!/^([A-Za-z]{4}|[A-Za-z]{2}|\d{3}|[A-Za-z\d]{5,8})$/.test(sub)) return { kind: 'shape' };
  }
  if (!known.has(primary.toLowerCase())) return { kind: 'unknown', language: primary };
  if (primary !== primary.toLowerCase()) return { kind: 'case', suggestion: [primary.toLowerCase(), ...parts.slice(1)].join('-') };
  return null;
}

export function languageName(code: string): string | null {
  return tables().names.get(code.toLowerCase()) ?? null;
}
