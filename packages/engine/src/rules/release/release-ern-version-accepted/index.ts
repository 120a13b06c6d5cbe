/** A store requirement: the message's ERN version is one the store accepts (optionally only for messages created from a date on). */
import { defineRule } from '../../define.js';

interface Options {
  versions?: string[];
  /** YYYY-MM-DD: messages created before this date are not held to `versions`. */
  from?: string;
}

export default defineRule({
  id: 'release-ern-version-accepted',
  stage: 'release',
  meta: {
    label: 'ERN version accepted by the store',
    description: 'The message is in an ERN version the store accepts (store requirement).',
    versions: 'all',
    severity: 'error',
    storeOnly: true,
    messages: {
      version: 'The message is ERN {version}; the store accepts {accepted}{since}.',
    },
    hint: 'Deliver the message as ERN {latest}.',
    optionsSchema: { type: 'object', properties: { versions: { type: 'array', items: { type: 'string' } }, from: { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$' } }, additionalProperties: false },
  },
  create(ctx) {
    const { versions = [], from } = ctx.options as Options;
    return {
      'Message:exit'() {
        if (versions.length === 0 || versions.includes(ctx.version)) return;
        const created = ctx.message.header.createdDateTime;
        // A message made before the date the store stopped taking the version is judged by the rules of its day.
        if (from && created && /^\d{4}-\d{2}-\d{2}/.test(created.value) && created.value.slice(0, 10) < from) return;
        const loc = created ?? ctx.message.declaredVersion;
        ctx.report({
          messageId: 'version',
          loc: loc ? { line: loc.line, column: loc.column, path: loc.path } : null,
          data: { version: ctx.version, accepted: versions.map((v) => `ERN ${v}`).join(', '), since: from ? ` for messages created from ${from}` : '', latest: versions[versions.length - 1] },
        });
      },
    };
  },
});
