/** A store requirement: every deal that is not a takedown has a ValidityPeriod with a start date. */
import { defineRule } from '../../define.js';
import { store } from '../../sources.js';

export default defineRule({
  id: 'deals-validity-start-present',
  stage: 'deals',
  meta: {
    label: 'Deal starts on a date',
    description: 'Every deal that is not a takedown has a ValidityPeriod with a StartDate (store requirement).',
    sources: [
      store('spotifyGettingStarted', 'every ValidityPeriod contains a StartDate (spotify-validity-start)'),
    ],
    versions: 'all',
    severity: 'error',
    storeOnly: true,
    messages: {
      noPeriod: 'The deal for {releases} has no ValidityPeriod; the store needs one with a StartDate.',
      noStart: 'The ValidityPeriod of the deal for {releases} has no StartDate; the store needs one.',
    },
    hint: {
      noPeriod: 'Add <ValidityPeriod><StartDate>YYYY-MM-DD</StartDate></ValidityPeriod> to the deal (the date the release may go live).',
      noStart: 'Add a StartDate to the ValidityPeriod (the date the release may go live).',
    },
  },
  create(ctx) {
    return {
      'Message:exit'() {
        for (const deal of ctx.message.deals) {
          if (deal.takeDown || deal.allDealsCancelled) continue;
          const releases = deal.releaseReferences.map((r) => r.value).join(', ') || '(no release)';
          const release = deal.releaseReferences.length === 1 ? deal.releaseReferences[0].value : null;
          if (deal.validity.length === 0) {
            ctx.report({ messageId: 'noPeriod', loc: deal.loc, release, data: { releases } });
            continue;
          }
          for (const period of deal.validity) {
            if (!period.start) ctx.report({ messageId: 'noStart', loc: period.loc, release, data: { releases } });
          }
        }
      },
    };
  },
});
