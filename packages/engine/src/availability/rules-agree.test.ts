/**
 * The deal rules and the availability view never disagree: on every shared sample the engine
 * reads, the rules' findings per release (deals-release-covered, deals-takedown's "every deal
 * ended", territories-sold-somewhere) are exactly those the view's answers predict. Also run on
 * edited copies of a base message made to trigger each finding, so the comparison cannot pass by
 * every sample having none.
 */
import { describe, expect, it } from 'vitest';
import path from 'node:path';
import { validate } from '../validate.js';
import { RULES } from '../rules/registry.js';
import type { ValidateOptions } from '../options.js';
import { readModels, UnreadableMessageError } from '../delivery-models/read-models.js';
import { releaseViews, type ReleaseView } from './view.js';
import { answerFor } from './answer.js';
import { productReleases } from '../rules/release/release-contents.js';
import { todayNumber } from '../codes/iso-date.js';
import { DEFAULT_PROFILE } from '../profile/default.js';
import { SAMPLES_DIR, sampleXmlFiles } from '../test-support.js';
import { withDeals } from './testing/deal-messages.js';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import type { ErnMessage } from '../ern/model.js';

const AGREEING = ['deals-release-covered', 'deals-takedown', 'territories-sold-somewhere'];

/** The findings the view predicts, as `rule:release` keys. */
function predicted(message: ErnMessage): string[] {
  if (message.root !== 'NewReleaseMessage') return [];
  const products = new Set(productReleases(message).map((r) => r.reference?.value));
  const today = todayNumber();
  const out: string[] = [];
  const views: ReleaseView[] = [...releaseViews(message)].filter((v) => v.reference && products.has(v.reference));
  for (const v of views) {
    const { offers, takedowns } = v.deals;
    if (message.deals.length > 0 && offers.length === 0 && takedowns.length === 0) out.push(`deals-release-covered:${v.reference}`);
    if (offers.length === 0) continue;
    // Takedown deals are deals-takedown's own finding: the offers alone are asked here.
    const offered = { offers, takedowns: [] };
    const answer = answerFor(offered, 'Worldwide', today, 'today');
    // Every deal ended: not available today anywhere, because of an end date, and nothing starting later.
    const ended = offers.every((o) => o.periods.every((p) => p.interval !== null && p.interval.end < today));
    if (!answer.available && answer.reason?.kind === 'expired' && ended) out.push(`deals-takedown:${v.reference}`);
    // Sold nowhere the service sells: on no day any period starts (or today, for open starts) in any service territory.
    const days = [today, ...offers.flatMap((o) => o.periods.map((p) => p.interval?.start)).filter((d): d is number => d !== undefined && Number.isFinite(d))];
    const service = DEFAULT_PROFILE.territories.length ? DEFAULT_PROFILE.territories : ['Worldwide'];
    const sold = service.some((t) => days.some((d) => answerFor(offered, t, d, '').available) || offers.some((o) => o.periods.some((p) => p.interval?.start === -Infinity && p.interval.end !== Infinity)));
    if (!sold) out.push(`territories-sold-somewhere:${v.reference}`);
  }
  return out.sort();
}

async function ruleFindings(file: string): Promise<string[]> {
  const rules: ValidateOptions['rules'] = Object.fromEntries(RULES.map((r) => [r.id, 'off']));
  for (const id of AGREEING) rules[id] = 'warn';
  const report = await validate(file, { rules, media: false });
  return report.checks
    .filter((c) => AGREEING.includes(c.rule) && c.status !== 'pass' && c.release)
    // deals-takedown also flags TakeDown deals and purges: only its "every deal ended" is the view's.
    .filter((c) => c.rule !== 'deals-takedown' || /^Every deal of release/.test(c.message))
    .filter((c) => c.rule !== 'territories-sold-somewhere' || /is sold in no territory/.test(c.message))
    .map((c) => `${c.rule}:${c.release}`)
    .sort();
}

async function compare(file: string): Promise<{ rules: string[]; view: string[] } | null> {
  let models;
  try {
    models = await readModels(file);
  } catch (error) {
    if (error instanceof UnreadableMessageError) return null;
    throw error;
  }
  const view = [...new Set(models.flatMap((m) => predicted(m.message)))].sort();
  return { rules: [...new Set(await ruleFindings(file))].sort(), view };
}

describe('the deal rules and the availability view agree', () => {
  const files = sampleXmlFiles();

  it('on every shared sample the engine reads', async () => {
    let read = 0;
    let withFindings = 0;
    for (const file of files) {
      const result = await compare(file);
      if (!result) continue;
      read++;
      if (result.rules.length) withFindings++;
      const name = path.relative(SAMPLES_DIR, file);
      expect({ file: name, findings: result.rules }).toEqual({ file: name, findings: result.view });
    }
    // The samples hold ERN 3.7-4.3 messages with deals, some ended long ago: the comparison saw findings.
    console.log(`agreement: ${read} of ${files.length} samples read, ${withFindings} with findings`);
    expect(read).toBeGreaterThan(50);
    expect(withFindings).toBeGreaterThan(0);
  }, 600_000);

  it('on messages made to trigger each finding', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'agree-'));
    const cases = {
      ended: withDeals('3.8.2', [{ releases: ['R0', 'R1'], terms: '<CommercialModelType>SubscriptionModel</CommercialModelType><Usage><UseType>OnDemandStream</UseType></Usage><TerritoryCode>Worldwide</TerritoryCode><ValidityPeriod><StartDate>2010-01-01</StartDate><EndDate>2011-01-01</EndDate></ValidityPeriod>' }]),
      noDeal: withDeals('4.3', [{ releases: ['R1', 'R2'], terms: '<TerritoryCode>Worldwide</TerritoryCode><ValidityPeriod><StartDate>2026-01-01</StartDate></ValidityPeriod><CommercialModelType>SubscriptionModel</CommercialModelType><UseType>Stream</UseType>' }]),
      nowhere: withDeals('4.3', [{ releases: ['R0'], terms: '<ValidityPeriod><StartDate>2026-01-01</StartDate></ValidityPeriod><CommercialModelType>SubscriptionModel</CommercialModelType><UseType>Stream</UseType>' }]),
    };
    const expected = { ended: ['deals-takedown:R0'], noDeal: ['deals-release-covered:R0'], nowhere: ['territories-sold-somewhere:R0'] };
    for (const [name, xml] of Object.entries(cases)) {
      const file = path.join(dir, `${name}.xml`);
      writeFileSync(file, xml);
      const result = await compare(file);
      expect(result, name).toEqual({ rules: expected[name as keyof typeof expected], view: expected[name as keyof typeof expected] });
    }
  }, 120_000);
});
