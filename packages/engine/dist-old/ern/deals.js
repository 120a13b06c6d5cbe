import { Table, under } from './dispatch.js';
import { located, locOf, pushUnique, toBool } from './values.js';
const VALIDITY = new Table({
    StartDate: { close: (el, v) => { v.start ??= el.text; } },
    StartDateTime: { close: (el, v) => { v.start ??= el.text; } },
    EndDate: { close: (el, v) => { v.end ??= el.text; } },
    EndDateTime: { close: (el, v) => { v.end ??= el.text; } },
});
const TERMS = {
    CommercialModelType: { close: (el, deal) => pushUnique(deal.commercialModels, el.text) },
    UseType: { close: (el, deal) => pushUnique(deal.useTypes, el.text) },
    'Usage/UseType': { close: (el, deal) => pushUnique(deal.useTypes, el.text) },
    'Usage/DistributionChannelType': { close: (el, deal) => pushUnique(deal.distributionChannels, el.text) },
    DistributionChannelType: { close: (el, deal) => pushUnique(deal.distributionChannels, el.text) },
    TerritoryCode: { close: (el, deal) => { deal.territories.push(located(el, el.text)); } },
    ExcludedTerritoryCode: { close: (el, deal) => { deal.excludedTerritories.push(located(el, el.text)); } },
    ValidityPeriod: {
        open: (el, deal, d) => {
            const period = { start: null, end: null, loc: locOf(el) };
            deal.validity.push(period);
            d.push(el, VALIDITY, period);
        },
    },
    TakeDown: { close: (el, deal) => { deal.takeDown = toBool(el.text) === true; } },
    AllDealsCancelled: { close: (el, deal) => { deal.allDealsCancelled = toBool(el.text) === true; } },
    IsPreOrderDeal: { close: (el, deal) => { deal.isPreOrder = toBool(el.text); } },
    PreOrderReleaseDate: { close: (el, deal) => { deal.preOrderReleaseDate = el.text; } },
};
const DEAL = new Table(under('DealTerms', TERMS));
const RELEASE_DEAL = new Table({
    DealReleaseReference: { close: (el, rd) => { rd.references.push(located(el, el.text)); } },
    EffectiveDate: { close: (el, rd) => { rd.effectiveDate = el.text; } },
    Deal: {
        open: (el, rd, d) => {
            const deal = {
                releaseReferences: rd.references,
                commercialModels: [],
                useTypes: [],
                distributionChannels: [],
                territories: [],
                excludedTerritories: [],
                validity: [],
                takeDown: false,
                allDealsCancelled: false,
                isPreOrder: null,
                preOrderReleaseDate: null,
                effectiveDate: null,
                loc: locOf(el),
            };
            rd.deals.push(deal);
            rd.message.deals.push(deal);
            d.push(el, DEAL, deal);
        },
    },
});
/** Opens a `ReleaseDeal` scope. The deals share the ReleaseDeal's reference list. */
export function openReleaseDeal(el, d, message) {
    d.push(el, RELEASE_DEAL, { references: [], deals: [], effectiveDate: null, message }, (rd) => {
        if (rd.effectiveDate !== null)
            for (const deal of rd.deals)
                deal.effectiveDate = rd.effectiveDate;
    });
}
//# sourceMappingURL=deals.js.map