/** A NewReleaseMessage without any deal cannot be sold anywhere: nothing would go live. */
import { defineRule } from '../../define.js';
import { ernMessageSuite, xsd } from '../../sources.js';

export default defineRule({
  id: 'deals-present',
  stage: 'deals',
  meta: {
    label: 'At least one deal',
    description: 'A NewReleaseMessage holds at least one deal (DealList/ReleaseDeal/Deal).',
    sources: [
      xsd('4.3', 'NewReleaseMessage/DealList/ReleaseDeal/Deal'),
      ernMessageSuite('a Release is only made available under a Deal'),
    ],
    versions: 'all',
    severity: 'error',
    messages: { none: 'The message holds no deal, so the release could not be sold in any territory.' },
    hint: 'Add a DealList with a ReleaseDeal for the main release (territories, validity period, commercial model and use types).',
  },
  create(ctx) {
    // The finding points at the message's root element (not line 1, the XML declaration): the deals are missing from it.
    let root: { line: number; column: number; path: string } | null = null;
    return {
      '/NewReleaseMessage:enter'(el) {
        root = { line: el.line, column: el.column, path: '/NewReleaseMessage' };
      },
      'Message:exit'() {
        const m = ctx.message;
        if (m.root === 'NewReleaseMessage' && m.releases.length > 0 && m.deals.length === 0) {
          ctx.report({ messageId: 'none', loc: root, release: null });
        }
      },
    };
  },
});
