/**
 * Against the catalog: an update of a release that is already live in stores, or that staff have
 * decided on (approved, taken down, archived), is flagged for staff, never applied silently.
 */
import { defineRule } from '../../define.js';
import { catalogMatches } from '../../../catalog/release-upcs.js';
import { ernMessageSuite, service } from '../../sources.js';

export default defineRule({
  id: 'codes-upc-live-update',
  stage: 'codes',
  meta: {
    label: 'Update of a live release',
    description: 'A release whose UPC is already live on this member, or approved, taken down or archived by staff, is an update that staff review.',
    sources: [
      ernMessageSuite('an update of a release is the release sent again (UpdateIndicator / a later NewReleaseMessage)'),
      service('A live release changed by a delivery is reviewed by staff before it changes in the stores.'),
    ],
    versions: 'all',
    severity: 'warn',
    requires: ['catalog'],
    // A staff decision, not a defect: strict keeps it a flag.
    strictSeverity: 'warn',
    messages: {
      live: 'Release {release} (UPC {upc}) is already live{title}; this delivery updates it and needs a staff review.',
      decided: 'Release {release} (UPC {upc}) is already {decision} by staff{title}; this delivery updates it and needs a staff review.',
    },
    hint: 'Nothing to change if the update is intended; staff will review it before it replaces the live metadata.',
  },
  create(ctx) {
    return {
      async 'Message:exit'() {
        for (const { reference, upc, found, own } of await catalogMatches(ctx.message, ctx.catalog)) {
          if (!own) continue;
          if (reference) ctx.markUpdate(reference);
          if (!found.live && !found.decidedByStaff) continue;
          const data = { upc: upc.value, release: reference ?? '(no reference)', title: found.title ? ` as "${found.title}"` : '' };
          if (found.live) ctx.report({ messageId: 'live', loc: upc, release: reference, needsStaff: true, data });
          else ctx.report({ messageId: 'decided', loc: upc, release: reference, needsStaff: true, data: { ...data, decision: found.decidedByStaff!.replace('_', ' ') } });
        }
      },
    };
  },
});
