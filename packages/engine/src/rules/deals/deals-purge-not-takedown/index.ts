/** A store requirement: the store does not take a PurgeReleaseMessage as a takedown. */
import { defineRule } from '../../define.js';
import { store } from '../../sources.js';

export default defineRule({
  id: 'deals-purge-not-takedown',
  stage: 'deals',
  meta: {
    label: 'Purge is not a takedown',
    description: 'The message is not a PurgeReleaseMessage: the store does not take one as a takedown (store requirement).',
    sources: [
      store('spotifyTestDeliveries', 'a PurgeReleaseMessage is not accepted as a takedown (spotify-purge-not-takedown)'),
    ],
    versions: 'all',
    severity: 'error',
    storeOnly: true,
    messages: {
      purge: 'The message is a PurgeReleaseMessage; the store does not accept it as a takedown, so the release would stay live.',
    },
    hint: 'Take the release down with a NewReleaseMessage whose deals are TakeDown deals (ERN 3) or whose DealList has no deal for it (per the store\'s choreography).',
  },
  create(ctx) {
    return {
      '/PurgeReleaseMessage:enter'(el) {
        ctx.report({ messageId: 'purge', loc: { line: el.line, column: el.column, path: el.path } });
      },
    };
  },
});
