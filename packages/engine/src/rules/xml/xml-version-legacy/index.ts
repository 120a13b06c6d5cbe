/** Versions before 4.3 are read the same way but are legacy. Reported by the engine. */
import { defineRule } from '../../define.js';

export default defineRule({
  id: 'xml-version-legacy',
  stage: 'xml',
  meta: {
    label: 'Current ERN version',
    description: 'The message uses ERN 4.3, the current version; older accepted versions get a warning.',
    sources: [
      { kind: 'ddex-profile', ref: 'DDEX Knowledge Base, ERN: ERN 4.3 is the most recent version and DDEX strongly advises implementing it', url: 'https://kb.ddex.net/implementing-each-standard/electronic-release-notification-message-suite-(ern)/' },
    ],
    versions: 'all',
    severity: 'warn',
    strictSeverity: 'warn',
    messages: { legacy: 'ERN {version} is a legacy version; it is accepted and read like 4.3.' },
    hint: 'Move your deliveries to ERN 4.3 (namespace http://ddex.net/xml/ern/43).',
  },
});
