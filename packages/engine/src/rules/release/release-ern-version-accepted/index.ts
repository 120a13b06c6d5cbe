/** A store requirement: the message's ERN version is one the store accepts (optionally only for messages created from a date on). */
import { defineRule } from '../../define.js';
import { store } from '../../sources.js';

interface Options {
  versions?: string[];
  /** YYYY-MM-DD: before this date (the day of the check, UTC) the store still took other versions. */
  from?: string;
  /** The day of the check (YYYY-MM-DD); today, UTC, when absent (tests set it). */
  today?: string;
}

export default defineRule({
  id: 'release-ern-version-accepted',
  stage: 'release',
  meta: {
    label: 'ERN version accepted by the store',
    description: 'The message is in an ERN version the store accepts (store requirement).',
    sources: [
      store('spotifyGettingStarted', 'ERN 4.3 only for deliveries from 2026-04-01 (spotify-ern-version)'),
      store('youtubeFeed', 'ERN 3.4 to 3.8 and 4.3 (youtube-ern-version)'),
    ],
    versions: 'all',
    severity: 'error',
    storeOnly: true,
    messages: {
      version: 'The message is ERN {version}; the store accepts {accepted}{since}.',
    },
    hint: 'Deliver the message as ERN {latest}.',
    optionsSchema: { type: 'object', properties: { versions: { type: 'array', items: { type: 'string' } }, from: { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$' }, today: { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$' } }, additionalProperties: false },
  },
  create(ctx) {
    const { versions = [], from, today = new Date().toISOString().slice(0, 10) } = ctx.options as Options;
    return {
      'Message:exit'() {
        if (versions.length === 0 || versions.includes(ctx.version)) return;
        // The store's date is about deliveries, not messages: an old message delivered now is held to it.
        if (from && today < from) return;
        const loc = ctx.message.header.createdDateTime ?? ctx.message.declaredVersion;
        ctx.report({
          messageId: 'version',
          loc: loc ? { line: loc.line, column: loc.column, path: loc.path } : null,
          data: { version: ctx.version, accepted: versions.map((v) => `ERN ${v}`).join(', '), since: from ? ` for deliveries from ${from}` : '', latest: versions[versions.length - 1] },
        });
      },
    };
  },
});
