/** `--rule id=severity` (repeatable): parsed here, checked against the rule list with the config. */
import { UsageError } from '../usage-error.js';

const SEVERITIES = ['error', 'warn', 'info', 'off'] as const;
export type SeverityWord = (typeof SEVERITIES)[number];

export function parseRuleOption(value: string, previous: Record<string, SeverityWord> = {}): Record<string, SeverityWord> {
  const match = /^\s*([^=\s]+)\s*=\s*(\S+)\s*$/.exec(value);
  if (!match) throw new UsageError(`--rule "${value}": write it as id=severity, e.g. --rule codes-isrc-syntax=warn`);
  const [, id, severity] = match;
  if (!(SEVERITIES as readonly string[]).includes(severity)) {
    throw new UsageError(`--rule ${id}: severity must be ${SEVERITIES.join(', ')}, not "${severity}"`);
  }
  return { ...previous, [id]: severity as SeverityWord };
}
