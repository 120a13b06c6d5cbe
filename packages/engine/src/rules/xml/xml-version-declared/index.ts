/** MessageSchemaVersionId is advisory: when it disagrees with the namespace, the namespace wins and we say so. */
import { defineRule } from '../../define.js';
import { versionOfDeclaredId } from '../../../xml/version.js';
import { xsd } from '../../sources.js';

export default defineRule({
  id: 'xml-version-declared',
  stage: 'xml',
  meta: {
    label: 'Declared version matches namespace',
    description: 'MessageSchemaVersionId, when present, names the same ERN version as the root namespace.',
    sources: [
      xsd('4.3', 'NewReleaseMessage/@MessageSchemaVersionId and the target namespace http://ddex.net/xml/ern/43'),
    ],
    versions: ['3.7', '3.8', '3.8.1', '3.8.2', '4.1', '4.2', '4.3'],
    severity: 'warn',
    messages: {
      mismatch: 'MessageSchemaVersionId "{declared}" says ERN {declaredVersion}, but the namespace is ERN {version}; the message was read as {version}.',
    },
    hint: 'Make MessageSchemaVersionId agree with the namespace (for example "ern/382" with http://ddex.net/xml/ern/382).',
  },
  create(ctx) {
    return {
      'Message:exit'() {
        const declared = ctx.message.declaredVersion;
        if (!declared) return;
        const declaredVersion = versionOfDeclaredId(declared.value);
        if (declaredVersion && declaredVersion !== ctx.version) {
          ctx.report({ messageId: 'mismatch', loc: declared, release: null, data: { declared: declared.value, declaredVersion, version: ctx.version } });
        }
      },
    };
  },
});
