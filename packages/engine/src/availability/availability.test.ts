/**
 * Table tests of the availability view on ERN 3.8.2 and 4.3 fragments: exclusions, several deals
 * per release, overlapping periods, pre-orders, takedowns and ended deals, TIS region codes,
 * date-times and prices. Each case replaces the base message's DealList and asks the view.
 */
import { describe, expect, it } from 'vitest';
import { withDeals, viewsOf, type DealSpec } from './testing/deal-messages.js';
import { answerOf, dayOf, tableOf } from './view.js';
import type { BaseVersion } from '../rules/testing/rule-tester.js';

/** DealTerms children for a version, in its schema's order (3.x: model, Usage, territory, price, validity, pre-order; 4.x: territory, validity, model, use, price). */
function terms(version: BaseVersion, t: { models: string[]; uses: string[]; territories?: string[]; excluded?: string[]; start?: string; end?: string; dateTime?: boolean; price?: string; preOrder?: string; takeDown?: boolean }): string {
  const terr = [...(t.territories ?? []).map((c) => `<TerritoryCode>${c}</TerritoryCode>`), ...(t.excluded ?? []).map((c) => `<ExcludedTerritoryCode>${c}</ExcludedTerritoryCode>`)].join('');
  const s = t.dateTime ? 'StartDateTime' : 'StartDate';
  const e = t.dateTime ? 'EndDateTime' : 'EndDate';
  const validity = `<ValidityPeriod>${t.start ? `<${s}>${t.start}</${s}>` : ''}${t.end ? `<${e}>${t.end}</${e}>` : ''}</ValidityPeriod>`;
  const models = t.models.map((m) => `<CommercialModelType>${m}</CommercialModelType>`).join('');
  const price = t.price ? (version === '4.3' ? `<PriceInformation><PriceCode Namespace="PADPIDA0000000001X">${t.price}</PriceCode><WholesalePricePerUnit CurrencyCode="EUR">0.70</WholesalePricePerUnit></PriceInformation>` : `<PriceInformation><PriceType Namespace="DPID">${t.price}</PriceType><WholesalePricePerUnit CurrencyCode="EUR">0.70</WholesalePricePerUnit></PriceInformation>`) : '';
  const preOrder = t.preOrder ? (version === '4.3' ? '<IsPreOrderDeal>true</IsPreOrderDeal>' : `<PreOrderReleaseDate>${t.preOrder}</PreOrderReleaseDate>`) : '';
  if (version === '4.3') return `${terr}${validity}${models}${t.uses.map((u) => `<UseType>${u}</UseType>`).join('')}${price}${preOrder}`;
  const usage = t.takeDown ? '<TakeDown>true</TakeDown>' : `<Usage>${t.uses.map((u) => `<UseType>${u}</UseType>`).join('')}</Usage>`;
  return `${t.preOrder ? '<IsPreOrderDeal>true</IsPreOrderDeal>' : ''}${models}${usage}${terr}${price}${validity}${preOrder}`;
}

async function ask(version: BaseVersion, deals: DealSpec[], release: string, territory: string, on: string) {
  const { views } = await viewsOf(withDeals(version, deals));
  const view = views.get(release);
  if (!view) throw new Error(`no release ${release}`);
  return answerOf(view, territory, dayOf(on)!, on);
}

const uses = (a: { uses: { use_type: string | null; commercial_model: string | null }[] }) => a.uses.map((u) => `${u.use_type}/${u.commercial_model}`).sort();

for (const version of ['3.8.2', '4.3'] as const) {
  const stream = (more: Parameters<typeof terms>[1] extends infer T ? Partial<T> : never = {}) => terms(version, { models: ['SubscriptionModel'], uses: ['OnDemandStream'], territories: ['Worldwide'], start: '2026-01-01', ...more });
  const download = (more: Partial<Parameters<typeof terms>[1]> = {}) => terms(version, { models: ['PayAsYouGoModel'], uses: ['PermanentDownload'], territories: ['Worldwide'], start: '2026-01-01', ...more });

  describe(`availability, ERN ${version}`, () => {
    it('answers per territory with exclusions (Worldwide minus the excluded codes)', async () => {
      const deals = [{ releases: ['R0'], terms: stream({ territories: [], excluded: ['DE', 'AT'] }) }];
      const de = await ask(version, deals, 'R0', 'DE', '2026-06-01');
      expect(de).toMatchObject({ available: false, uses: [], reason: { kind: 'not_offered' } });
      const fr = await ask(version, deals, 'R0', 'FR', '2026-06-01');
      expect(fr.available).toBe(true);
      expect(uses(fr)).toEqual(['OnDemandStream/SubscriptionModel']);
    });

    it('unions several deals of one release, each in its own territories', async () => {
      const deals = [
        { releases: ['R0'], terms: stream() },
        { releases: ['R0'], terms: download({ territories: ['US', 'CA'] }) },
      ];
      expect(uses(await ask(version, deals, 'R0', 'US', '2026-06-01'))).toEqual(['OnDemandStream/SubscriptionModel', 'PermanentDownload/PayAsYouGoModel']);
      expect(uses(await ask(version, deals, 'R0', 'DE', '2026-06-01'))).toEqual(['OnDemandStream/SubscriptionModel']);
      // A release no deal names has nothing offered.
      const r1 = await ask(version, deals, 'R1', 'US', '2026-06-01');
      expect(r1).toMatchObject({ available: false, uses: [], reason: { kind: 'no_deal' } });
    });

    it('keeps overlapping periods apart by day, end dates inclusive', async () => {
      const deals = [
        { releases: ['R0'], terms: stream({ start: '2026-01-01', end: '2026-06-30' }) },
        { releases: ['R0'], terms: download({ start: '2026-06-01' }) },
      ];
      expect(uses(await ask(version, deals, 'R0', 'DE', '2026-06-15'))).toEqual(['OnDemandStream/SubscriptionModel', 'PermanentDownload/PayAsYouGoModel']);
      expect(uses(await ask(version, deals, 'R0', 'DE', '2026-06-30'))).toHaveLength(2);
      expect(uses(await ask(version, deals, 'R0', 'DE', '2026-07-01'))).toEqual(['PermanentDownload/PayAsYouGoModel']);
      const early = await ask(version, deals, 'R0', 'DE', '2026-03-01');
      expect(early.uses[0]).toMatchObject({ from: '2026-01-01', until: '2026-06-30' });
    });

    it('says why when nothing is offered: ended, not yet', async () => {
      const deals = [
        { releases: ['R0'], terms: stream({ start: '2025-01-01', end: '2025-12-31' }) },
        { releases: ['R1'], terms: stream({ start: '2027-03-01' }) },
      ];
      const ended = await ask(version, deals, 'R0', 'DE', '2026-06-01');
      expect(ended).toMatchObject({ available: false, uses: [], reason: { kind: 'expired', text: 'the deal for DE ended on 2025-12-31' } });
      const later = await ask(version, deals, 'R1', 'DE', '2026-06-01');
      expect(later).toMatchObject({ available: false, reason: { kind: 'not_yet' } });
      expect(later.reason!.text).toContain('from 2027-03-01');
    });

    it('reads date-times by their day', async () => {
      const deals = [{ releases: ['R0'], terms: stream({ start: '2026-12-04T00:00:00Z', end: '2026-12-31T23:59:59Z', dateTime: true }) }];
      expect((await ask(version, deals, 'R0', 'DE', '2026-12-03')).available).toBe(false);
      expect((await ask(version, deals, 'R0', 'DE', '2026-12-04')).uses[0]).toMatchObject({ from: '2026-12-04T00:00:00Z', until: '2026-12-31T23:59:59Z' });
      expect((await ask(version, deals, 'R0', 'DE', '2027-01-01')).reason?.kind).toBe('expired');
    });

    it('gives the price of the deal', async () => {
      const deals = [{ releases: ['R0'], terms: download({ price: 'FRONT' }) }];
      const a = await ask(version, deals, 'R0', 'DE', '2026-06-01');
      expect(a.uses[0].price).toEqual({ code: 'FRONT', range: null, wholesale: { amount: '0.70', currency: 'EUR' }, suggested_retail: null });
    });

    it('resolves TIS codes: 2136 is the world, another region may include the territory and says so', async () => {
      const world = await ask(version, [{ releases: ['R0'], terms: stream({ territories: ['2136'] }) }], 'R0', 'JP', '2026-06-01');
      expect(world.available).toBe(true);
      expect(world.uses[0].via_region).toBeUndefined();
      const europe = await ask(version, [{ releases: ['R0'], terms: stream({ territories: ['2120'] }) }], 'R0', 'DE', '2026-06-01');
      expect(europe).toMatchObject({ available: true, uses: [{ via_region: '2120' }] });
    });

    it('a pre-order deal is offered before the release date and says so', async () => {
      const deals = [
        { releases: ['R0'], terms: terms(version, { models: ['PayAsYouGoModel'], uses: ['PermanentDownload'], territories: ['Worldwide'], start: '2026-11-01', end: '2026-12-03', preOrder: '2026-12-04' }) },
        { releases: ['R0'], terms: terms(version, { models: ['PayAsYouGoModel'], uses: ['PermanentDownload'], territories: ['Worldwide'], start: '2026-12-04' }) },
      ];
      const before = await ask(version, deals, 'R0', 'DE', '2026-11-15');
      expect(before.uses).toEqual([expect.objectContaining({ use_type: 'PermanentDownload', pre_order: true, until: '2026-12-03' })]);
      const after = await ask(version, deals, 'R0', 'DE', '2026-12-04');
      expect(after.uses).toEqual([expect.objectContaining({ pre_order: false, from: '2026-12-04' })]);
      const { views } = await viewsOf(withDeals(version, deals));
      expect(tableOf(views.get('R0')!).offers[0]).toMatchObject({ pre_order: true, pre_order_release_date: version === '4.3' ? null : '2026-12-04' });
    });

    it('lists the table: territory x use x model x period, one row each', async () => {
      const { views } = await viewsOf(withDeals(version, [{ releases: ['R0'], terms: terms(version, { models: ['SubscriptionModel', 'AdvertisementSupportedModel'], uses: ['OnDemandStream'], excluded: ['DE'], start: '2026-01-01' }) }]));
      const table = tableOf(views.get('R0')!);
      expect(table.offers.map((r) => [r.territories.text, r.use_type, r.commercial_model, r.from, r.until])).toEqual([
        ['Worldwide except DE', 'OnDemandStream', 'SubscriptionModel', '2026-01-01', null],
        ['Worldwide except DE', 'OnDemandStream', 'AdvertisementSupportedModel', '2026-01-01', null],
      ]);
      expect(table.takedowns).toEqual([]);
    });
  });
}

describe('availability, ERN 3.8.2 only', () => {
  it('a TakeDown deal removes the release where it applies, with the reason', async () => {
    const deals = [
      { releases: ['R0'], terms: terms('3.8.2', { models: ['SubscriptionModel'], uses: ['OnDemandStream'], territories: ['Worldwide'], start: '2026-01-01' }) },
      { releases: ['R0'], terms: terms('3.8.2', { models: [], uses: [], territories: ['DE'], start: '2026-05-01', takeDown: true }) },
    ];
    const de = await ask('3.8.2', deals, 'R0', 'DE', '2026-06-01');
    expect(de).toMatchObject({ available: false, uses: [], reason: { kind: 'takedown' } });
    // Before the takedown's start the offer still holds; elsewhere it is untouched.
    expect((await ask('3.8.2', deals, 'R0', 'DE', '2026-04-01')).available).toBe(true);
    expect((await ask('3.8.2', deals, 'R0', 'FR', '2026-06-01')).available).toBe(true);
    const { views } = await viewsOf(withDeals('3.8.2', deals));
    expect(tableOf(views.get('R0')!).takedowns).toEqual([{ deal: 1, kind: 'takeDown', territories: { included: ['DE'], excluded: [], text: 'DE' }, from: '2026-05-01', until: null }]);
  });

});
