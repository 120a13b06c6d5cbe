/**
 * Against the catalog (the server's history of batches): an update or a takedown of a release the
 * catalog has never seen is flagged for staff: it changes nothing that exists, so it is most often
 * a delivery sent to the wrong account or a lost earlier batch.
 */
import { defineRule } from '../../define.js';
import { productUpcs } from '../../../catalog/release-upcs.js';
import { choreography, service } from '../../sources.js';

export default defineRule({
  id: 'codes-upc-unknown-update',
  stage: 'codes',
  meta: {
    label: 'Update of an unknown release',
    description: 'An update or takedown names a release (UPC) the catalog has never received.',
    sources: [
      choreography('an update or takedown refers to a release communicated before in an original message'),
      service('What refers to nothing the member delivered is a staff decision, not an import.'),
    ],
    versions: 'all',
    severity: 'warn',
    requires: ['catalog'],
    // A staff decision, not a defect: strict keeps it a flag.
    strictSeverity: 'warn',
    // Off in the presets (CLI reports unchanged): the server, whose database is the history of batches, turns it on.
    storeOnly: true,
    messages: {
      update: 'This message is an update of release {release} (UPC {upc}), which the catalog has never received.',
      takedown: 'This message takes down release {release} (UPC {upc}), which the catalog has never received.',
    },
    hint: {
      update: 'Check the delivery is for this account; deliver the release itself (an original message) first if it was never sent.',
      takedown: 'Check the delivery is for this account: nothing of this release is here to take down.',
    },
  },
  create(ctx) {
    return {
      async 'Message:exit'() {
        const catalog = ctx.catalog;
        if (!catalog) return;
        const m = ctx.message;
        const takenDown = new Set(m.deals.filter((d) => d.takeDown || d.allDealsCancelled).flatMap((d) => d.releaseReferences.map((r) => r.value)));
        const isUpdate = m.header.updateIndicator === 'UpdateMessage';
        for (const { reference, upc } of productUpcs(m)) {
          const takedown = reference !== null && takenDown.has(reference);
          if (!takedown && !isUpdate) continue;
          if (await catalog.findRelease(upc.value.trim())) continue;
          ctx.report({ messageId: takedown ? 'takedown' : 'update', loc: upc, release: reference, needsStaff: true, data: { release: reference ?? '(no reference)', upc: upc.value } });
        }
        for (const purged of m.purgedReleases) {
          const icpn = purged.ids.icpn;
          if (!icpn || !icpn.value.trim() || (await catalog.findRelease(icpn.value.trim()))) continue;
          ctx.report({ messageId: 'takedown', loc: icpn, release: null, needsStaff: true, data: { release: '(purged)', upc: icpn.value } });
        }
      },
    };
  },
});
