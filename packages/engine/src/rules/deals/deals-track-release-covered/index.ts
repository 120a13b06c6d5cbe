/**
 * Track releases sold one by one: when some track releases of a message have deals and others
 * do not, the ones left out could not be bought or streamed alone, usually a forgotten
 * DealReleaseReference. (An album sold only as a whole, with no track deals at all, is fine.)
 */
import { defineRule } from '../../define.js';
import { indexMessage } from '../../../ern/index-of-message.js';
import { kindAt } from '../../../ern/record-list.js';
import { releaseName } from '../../release/release-contents.js';
import { dealTypes, releaseProfile21 } from '../../sources.js';

export default defineRule({
  id: 'deals-track-release-covered',
  stage: 'deals',
  meta: {
    label: 'Track releases have deals',
    description: 'When some track releases have deals, every track release has one.',
    sources: [
      releaseProfile21('clause 5.1.1(b), rule 1045-1 (one TrackRelease per primary resource)'),
      dealTypes('deals per release'),
    ],
    versions: 'all',
    severity: 'warn',
    messages: { noDeal: 'Track release {release} has no deal while {covered} other track release(s) of the message have one.' },
    hint: 'Add DealReleaseReference {release} to the ReleaseDeal of the other track releases, or leave it out on purpose.',
  },
  create(ctx) {
    return {
      'Message:exit'() {
        const index = indexMessage(ctx.message);
        // Track releases by number, not as a list and a set of records: a catalog message holds 400,000.
        const releases = ctx.message.releases;
        const without: number[] = [];
        let covered = 0;
        for (let i = 0; i < releases.length; i++) {
          // The kind and most answers by number: no record read.
          if (kindAt(releases, i) !== 'track') continue;
          if (index.releaseKnownInDeal(i)) {
            covered++;
            continue;
          }
          const r = releases.at(i)!;
          if (!r.reference) continue;
          if (index.dealNumbersOfRelease(r.reference.value).length > 0) covered++;
          else without.push(i);
        }
        if (covered === 0) return;
        for (const i of without) {
          const r = releases.at(i)!;
          ctx.report({ messageId: 'noDeal', loc: r.loc, release: r.reference!.value, data: { release: releaseName(r, ctx.message), covered } });
        }
      },
    };
  },
});
