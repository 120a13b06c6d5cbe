/** A deal says how the release is sold: at least one commercial model and one use type (unless it is a takedown). */
import { defineRule } from '../../define.js';
import { numbersWhere } from '../../record-notes.js';
import { dealReleases } from '../../message-text.js';
import { dealTypes, store, xsd } from '../../sources.js';

export default defineRule({
  id: 'deals-terms-complete',
  stage: 'deals',
  meta: {
    label: 'Deal terms complete',
    description: 'Every deal that is not a takedown has at least one CommercialModelType and one UseType.',
    sources: [
      xsd('4.3', 'Deal/DealTerms: CommercialModelType, UseType'),
      dealTypes('a deal is a commercial model with its use types'),
      store('spotifyGettingStarted', 'CommercialModelType and UseType are included in every deal (spotify-deal-terms)'),
    ],
    versions: 'all',
    severity: 'error',
    messages: {
      noCommercialModel: 'The deal for {releases} has no CommercialModelType: it does not say whether it is a subscription, ad-supported or pay-as-you-go deal.',
      noUseType: 'The deal for {releases} has no UseType: it does not say whether the release may be streamed or downloaded.',
    },
    hint: {
      noCommercialModel: 'Add CommercialModelType (SubscriptionModel, AdvertisementSupportedModel, PayAsYouGoModel...).',
      noUseType: 'Add UseType (3.x inside Usage): OnDemandStream, NonInteractiveStream, PermanentDownload...',
    },
  },
  create(ctx) {
    // Deals in force without a commercial model or a use type, found as deals close (ctx.onDeal), reported at message end.
    const flagged = numbersWhere(ctx.onDeal, (deal) => !deal.takeDown && !deal.allDealsCancelled && (deal.commercialModels.length === 0 || deal.useTypes.length === 0));
    return {
      'Message:exit'() {
        for (const n of flagged) {
          const deal = ctx.message.deals.at(n)!;
          if (deal.takeDown || deal.allDealsCancelled) continue;
          if (deal.commercialModels.length > 0 && deal.useTypes.length > 0) continue;
          const base = { loc: deal.loc, release: deal.releaseReferences[0]?.value ?? null, data: { releases: dealReleases(deal) } };
          if (deal.commercialModels.length === 0) ctx.report({ ...base, messageId: 'noCommercialModel' });
          if (deal.useTypes.length === 0) ctx.report({ ...base, messageId: 'noUseType' });
        }
      },
    };
  },
});
