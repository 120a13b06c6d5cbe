/** The message is valid against the DDEX XSD of its version; every schema error is a located finding. Reported by the engine. */
import { defineRule } from '../../define.js';
import { xsd } from '../../sources.js';

export default defineRule({
  id: 'xml-schema-valid',
  stage: 'xml',
  meta: {
    label: 'Valid against the DDEX schema',
    description: 'The message is valid against the DDEX ERN XSD of the version it declares.',
    sources: [
      xsd('4.3', 'the whole message (and the XSD of the version it declares)'),
      xsd('3.8.2', 'the whole message'),
    ],
    versions: 'all',
    severity: 'error',
    messages: {
      invalid: '{detail}',
      skipped: 'Schema validation was skipped: {reason}',
      capped: '{count} further schema errors were not listed.',
      notRead: 'Schema validation was skipped because the message is not well-formed XML.',
    },
    hint: {
      invalid: 'Change the element at this place so that it follows the ERN {version} schema (order, required children, allowed values).',
      skipped: '{install}',
      capped: 'Fix the listed errors first; many errors usually share one cause.',
      notRead: 'Fix the XML error reported by xml-well-formed; the schema is checked once the message can be read.',
    },
  },
});
