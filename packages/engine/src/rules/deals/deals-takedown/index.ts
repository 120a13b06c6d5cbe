/**
 * Takedowns need staff: a deal with TakeDown or AllDealsCancelled (3.x), a release whose every deal
 * has ended (the DDEX way to take a release down), or a PurgeReleaseMessage. The release is
 * flagged (needsStaff) rather than rejected.
 */
import { defineRule } from '../../define.js';
import { numbersWhere } from '../../record-notes.js';
import { todayNumber } from '../../../codes/iso-date.js';
import { allOffersEnded, resolveRelease } from '../../../deals/resolve.js';
import { productReleases, releaseName } from '../../release/release-contents.js';
import { dealReleases } from '../../message-text.js';
import { dealTypes, profile14, xsd } from '../../sources.js';

export default defineRule({
  id: 'deals-takedown',
  stage: 'deals',
  meta: {
    label: 'Takedown',
    description: 'A TakeDown or AllDealsCancelled deal, a release whose deals have all ended, or a PurgeReleaseMessage is flagged for staff.',
    sources: [
      dealTypes('LiveCycle_Takedown sample: takedown by EndDate'),
      profile14('Schematron NewReleaseMessage_BusinessProfile_14.sch (TakeDown deprecated)'),
      xsd('4.3', 'PurgeReleaseMessage'),
    ],
    versions: 'all',
    severity: 'warn',
    // A takedown is a decision for staff, not a defect: it stays a flag in strict.
    strictSeverity: 'warn',
    messages: {
      takeDown: 'The deal for {releases} is a TakeDown: the release is to be removed from sale.',
      allCancelled: 'The deal for {releases} cancels all deals (AllDealsCancelled).',
      ended: 'Every deal of release {release} has ended (last end date {end}): the release is being taken down.',
      purge: 'PurgeReleaseMessage: release {release} is to be removed from the catalog entirely.',
    },
    hint: 'Nothing to change if the takedown is intended; staff will confirm it before the release is removed.',
  },
  create(ctx) {
    // Deals that take a release down or cancel its deals, found as deals close (ctx.onDeal), reported at message end.
    const takenDown = numbersWhere(ctx.onDeal, (deal) => deal.takeDown || deal.allDealsCancelled);
    return {
      'Message:exit'() {
        const m = ctx.message;
        if (m.root === 'PurgeReleaseMessage') {
          for (const purged of m.purgedReleases) {
            const id = purged.ids.icpn?.value ?? purged.ids.grid?.value ?? purged.ids.isrc?.value ?? purged.ids.proprietary[0]?.value ?? purged.titles[0]?.text ?? '(unidentified)';
            ctx.report({ messageId: 'purge', loc: purged.loc, release: null, needsStaff: true, data: { release: id } });
          }
          return;
        }
        for (const n of takenDown) {
          const deal = m.deals.at(n)!;
          const messageId = deal.takeDown ? 'takeDown' : 'allCancelled';
          ctx.report({ messageId, loc: deal.loc, release: deal.releaseReferences[0]?.value ?? null, needsStaff: true, data: { releases: dealReleases(deal) } });
        }
        const today = todayNumber();
        // The deals' resolution the availability view gives (deals/resolve.ts): "every offer ended" means the same in both.
        for (const release of productReleases(m)) {
          if (!release.reference) continue;
          const deals = resolveRelease(m, release.reference.value);
          const { ended, lastEnd } = allOffersEnded(deals, today);
          if (!ended) continue;
          ctx.report({ messageId: 'ended', loc: m.deals.at(deals.offers[0].deal)!.loc, release: release.reference.value, needsStaff: true, data: { release: releaseName(release, ctx.message), end: lastEnd } });
        }
      },
    };
  },
});
