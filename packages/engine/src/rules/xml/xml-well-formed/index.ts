/** The message must be well-formed XML in a supported encoding, without DTD entities. Reported by the engine from the pass. */
import { defineRule } from '../../define.js';
import { MAX_DEPTH, MAX_NAMES } from '../../../xml/event-encoder.js';
import { grouped } from '../../../xml/events.js';
import { MAX_PATHS } from '../../../xml/pass-events.js';
import { service, spec } from '../../sources.js';

export default defineRule({
  id: 'xml-well-formed',
  stage: 'xml',
  meta: {
    label: 'Well-formed XML',
    description: `The message is well-formed XML (XML 1.0), in UTF-8 or UTF-16 (ISO-8859-1, US-ASCII and windows-1252 are decoded too, when declared), without entity declarations or external DTDs, nested at most ${MAX_DEPTH} levels deep, with at most ${grouped(MAX_NAMES)} different names and ${grouped(MAX_PATHS)} different element paths.`,
    sources: [
      spec('W3C XML 1.0', 'well-formedness, encodings'),
      service('No entity declarations or external DTDs, and bounded depth and name counts: a message is untrusted input (entity expansion, memory).'),
    ],
    versions: 'all',
    severity: 'error',
    messages: {
      empty: 'The file is empty.',
      syntax: 'The message is not well-formed XML: {reason}.',
      encoding: 'The message cannot be decoded: {reason}.',
      doctype: 'The message was refused: {reason}.',
      depth: 'The message was refused: {reason}.',
      names: 'The message was refused: {reason}.',
      paths: 'The message was refused: {reason}.',
      read: 'The message could not be read: {reason}.',
    },
    hint: {
      empty: 'Deliver the complete ERN message; the file has no bytes (an interrupted upload?).',
      syntax: 'Fix the XML at the given line and column; a file cut short usually means an interrupted upload.',
      encoding: 'Save the message as UTF-8 (with or without BOM) and declare encoding="UTF-8"; UTF-16, ISO-8859-1, US-ASCII and windows-1252 are read too when the XML declaration names them.',
      doctype: 'Remove the DOCTYPE: ERN messages are validated against the DDEX XSD and never use DTD entities.',
      depth: 'Deliver the ERN message itself: no DDEX element nests anywhere near this deep.',
      names: 'Deliver the ERN message itself: it uses the names of the DDEX schema, a few hundred.',
      paths: 'Deliver the ERN message itself: its elements follow the DDEX schema, which gives a few hundred paths.',
      read: 'Check that the file is readable and deliver it again.',
    },
  },
});
