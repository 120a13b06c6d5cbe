/**
 * `DealList/ReleaseDeal`: its `DealReleaseReference`s apply to every `Deal` in it. DealTerms in both
 * families: 3.x puts UseType and DistributionChannelType in `Usage`, 4.x writes UseType directly.
 * AVS escapes (`<CommercialModelType UserDefinedValue="X">UserDefined</...>`) keep the text
 * (`UserDefined`). 3.x `EffectiveDate` follows the deals, so it is copied when ReleaseDeal closes.
 */
import type { OpenElement } from '../xml/events.js';
import type { Deal, ErnMessage, Located, Price, PriceAmount, ValidityPeriod } from './model.js';
import { Table, under, type Dispatcher, type Rules } from './dispatch.js';
import { located, locOf, pushUnique, toBool } from './values.js';

interface ReleaseDealDraft {
  references: Located[];
  deals: Deal[];
  effectiveDate: string | null;
  message: ErnMessage;
}

const VALIDITY = new Table<ValidityPeriod>({
  StartDate: { close: (el, v) => { v.start ??= el.text; } },
  StartDateTime: { close: (el, v) => { v.start ??= el.text; } },
  EndDate: { close: (el, v) => { v.end ??= el.text; } },
  EndDateTime: { close: (el, v) => { v.end ??= el.text; } },
});

const amount = (el: { text: string; attrs: Record<string, string> }): PriceAmount => ({ amount: el.text.trim(), currency: el.attrs.CurrencyCode ?? null });

const PRICE = new Table<Price>({
  PriceType: { close: (el, p) => { p.code ??= el.text; } },
  PriceCode: { close: (el, p) => { p.code ??= el.text; } },
  PriceRangeType: { close: (el, p) => { p.range ??= el.text; } },
  WholesalePricePerUnit: { close: (el, p) => { p.wholesale ??= amount(el); } },
  SuggestedRetailPrice: { close: (el, p) => { p.retail ??= amount(el); } },
});

const TERMS: Rules<Deal> = {
  CommercialModelType: { close: (el, deal) => pushUnique(deal.commercialModels, el.text) },
  UseType: { close: (el, deal) => pushUnique(deal.useTypes, el.text) },
  'Usage/UseType': { close: (el, deal) => pushUnique(deal.useTypes, el.text) },
  'Usage/DistributionChannelType': { close: (el, deal) => pushUnique(deal.distributionChannels, el.text) },
  DistributionChannelType: { close: (el, deal) => pushUnique(deal.distributionChannels, el.text) },
  TerritoryCode: { close: (el, deal) => { deal.territories.push(located(el, el.text)); } },
  ExcludedTerritoryCode: { close: (el, deal) => { deal.excludedTerritories.push(located(el, el.text)); } },
  ValidityPeriod: {
    open: (el, deal, d) => {
      const period: ValidityPeriod = { start: null, end: null, loc: locOf(el, d) };
      deal.validity.push(period);
      d.push(el, VALIDITY, period);
    },
  },
  PriceInformation: {
    open: (el, deal, d) => {
      const price: Price = { code: null, range: null, wholesale: null, retail: null };
      (deal.prices ??= []).push(price);
      d.push(el, PRICE, price);
    },
  },
  TakeDown: { close: (el, deal) => { deal.takeDown = toBool(el.text) === true; } },
  AllDealsCancelled: { close: (el, deal) => { deal.allDealsCancelled = toBool(el.text) === true; } },
  IsPreOrderDeal: { close: (el, deal) => { deal.isPreOrder = toBool(el.text); } },
  PreOrderReleaseDate: { close: (el, deal) => { deal.preOrderReleaseDate = el.text; } },
};

const DEAL = new Table<Deal>(under('DealTerms', TERMS));

const RELEASE_DEAL = new Table<ReleaseDealDraft>({
  DealReleaseReference: { close: (el, rd) => { rd.references.push(located(el, el.text)); } },
  EffectiveDate: { close: (el, rd) => { rd.effectiveDate = el.text; } },
  Deal: {
    open: (el, rd, d) => {
      // Fields read most at message end first (see new-records.ts).
      const deal: Deal = {
        commercialModels: [],
        takeDown: false,
        allDealsCancelled: false,
        releaseReferences: rd.references,
        territories: [],
        useTypes: [],
        validity: [],
        excludedTerritories: [],
        distributionChannels: [],
        isPreOrder: null,
        preOrderReleaseDate: null,
        effectiveDate: null,
        prices: null,
        loc: locOf(el, d),
      };
      rd.deals.push(deal);
      rd.message.deals.push(deal);
      d.push(el, DEAL, deal);
    },
  },
});

/** Opens a `ReleaseDeal` scope. The deals share the ReleaseDeal's reference list. */
export function openReleaseDeal(el: OpenElement, d: Dispatcher, message: ErnMessage): void {
  d.push<ReleaseDealDraft>(el, RELEASE_DEAL, { references: [], deals: [], effectiveDate: null, message }, (rd) => {
    if (rd.effectiveDate !== null) for (const deal of rd.deals) deal.effectiveDate = rd.effectiveDate;
  });
}
