/**
 * Commercial models and use types combined sensibly (DDEX Common Deal Types): a deal is not free
 * and paid at once, and a subscription does not sell permanent downloads (subscription downloads
 * are ConditionalDownload or TetheredDownload).
 */
import type { Deal } from '../../../ern/model.js';
import { defineRule } from '../../define.js';
import { numbersWhere } from '../../record-notes.js';
import { dealReleases } from '../../message-text.js';
import { dealTypes } from '../../sources.js';

const PAID = new Set(['PayAsYouGoModel', 'SubscriptionModel']);

export default defineRule({
  id: 'deals-use-type-combination',
  stage: 'deals',
  meta: {
    label: 'Deal terms combined sensibly',
    description: 'A deal does not combine FreeOfChargeModel with a paid model, and a SubscriptionModel-only deal does not grant PermanentDownload.',
    sources: [
      dealTypes('business profiles: subscription services use ConditionalDownload or TetheredDownload, download services PayAsYouGoModel with PermanentDownload'),
    ],
    versions: 'all',
    severity: 'warn',
    messages: {
      freeAndPaid: 'The deal for {releases} is both FreeOfChargeModel and {paid}.',
      subscriptionDownload: 'The deal for {releases} grants PermanentDownload under SubscriptionModel only; subscribers get ConditionalDownload or TetheredDownload.',
    },
    hint: {
      freeAndPaid: 'Split the free and the paid terms into separate deals.',
      subscriptionDownload: 'Use ConditionalDownload/TetheredDownload for subscription downloads, or put PermanentDownload in a PayAsYouGoModel deal.',
    },
  },
  create(ctx) {
    /** Free and paid models together, or a subscription-only deal that sells downloads. */
    const wrong = (deal: Deal) =>
      (deal.commercialModels.includes('FreeOfChargeModel') && deal.commercialModels.some((m) => PAID.has(m))) ||
      (deal.commercialModels.length > 0 && deal.commercialModels.every((m) => m === 'SubscriptionModel') && deal.useTypes.includes('PermanentDownload'));
    // Found as deals close (ctx.onDeal), reported at message end.
    const flagged = numbersWhere(ctx.onDeal, wrong);
    return {
      'Message:exit'() {
        for (const n of flagged) {
          const deal = ctx.message.deals.at(n)!;
          const base = { loc: deal.loc, release: deal.releaseReferences[0]?.value ?? null };
          const paid = deal.commercialModels.filter((m) => PAID.has(m));
          if (deal.commercialModels.includes('FreeOfChargeModel') && paid.length > 0) ctx.report({ ...base, messageId: 'freeAndPaid', data: { releases: dealReleases(deal), paid: paid.join(', ') } });
          if (deal.commercialModels.length > 0 && deal.commercialModels.every((m) => m === 'SubscriptionModel') && deal.useTypes.includes('PermanentDownload')) {
            ctx.report({ ...base, messageId: 'subscriptionDownload', data: { releases: dealReleases(deal) } });
          }
        }
      },
    };
  },
});
