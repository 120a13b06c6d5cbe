/** The root must be an ERN message of a version the service reads (3.7 to 4.3). Reported by the engine. */
import { defineRule } from '../../define.js';
import { service, xsd } from '../../sources.js';

export default defineRule({
  id: 'xml-version-supported',
  stage: 'xml',
  meta: {
    label: 'Supported ERN version',
    description: 'The message is an ERN NewReleaseMessage or PurgeReleaseMessage of version 4.3, 4.2, 4.1, 3.8.2, 3.8.1, 3.8 or 3.7.',
    sources: [
      xsd('4.3', 'NewReleaseMessage, PurgeReleaseMessage (namespaces of ERN 3.7 to 4.3)'),
      service('ddex-check reads ERN 3.7 to 4.3: older versions use another schema layout (no AVS file).'),
    ],
    versions: 'all',
    severity: 'error',
    messages: {
      unsupported: 'ERN {found} is not accepted; accepted versions are {accepted}.',
      draft: 'ERN {found} draft {draft} ("{ns}") is a draft, not a version DDEX released; it is not accepted. Accepted versions are {accepted}.',
      tooOld: '{flavour} {found} ("{ns}") is too old to be accepted; accepted versions are {accepted}.',
      notErn: 'The root element is {root} in namespace "{ns}", not an ERN message.',
      noNamespace: 'The root element {root} has no ERN namespace (expected e.g. xmlns:ern="http://ddex.net/xml/ern/43").',
      rootName: '{root} messages are not imported; send a NewReleaseMessage (or a PurgeReleaseMessage).',
    },
    hint: 'Send the message as ERN 4.3 (namespace http://ddex.net/xml/ern/43), or another accepted version.',
  },
});
