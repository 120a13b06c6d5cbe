/**
 * Against the catalog: a UPC already in the catalog belongs to one member. On this member the
 * delivery updates that release (the release's outcome becomes `updated`); on any other member
 * (of this account or another) the release waits for staff (`flagged`), who decide where the UPC
 * belongs. The message names nobody: the other side is never revealed (partner API section 5.8),
 * and the wording is the same whoever holds it.
 */
import { defineRule } from '../../define.js';
import { catalogMatches } from '../../../catalog/release-upcs.js';
import { service, spec } from '../../sources.js';

export default defineRule({
  id: 'codes-upc-owner',
  stage: 'codes',
  meta: {
    label: 'UPC not owned by another member',
    description: 'A release UPC found in the catalog belongs to the delivering member (then the delivery is an update); a UPC held elsewhere on the platform is flagged for staff.',
    sources: [
      spec('GS1 General Specifications (GTIN)', 'one GTIN per trade item, allocated by its brand owner'),
      service('A UPC held by another member of the platform is a staff decision, not an import.'),
    ],
    versions: 'all',
    severity: 'warn',
    // A staff decision, not a defect of the message: strict keeps it a flag.
    strictSeverity: 'warn',
    requires: ['catalog'],
    messages: {
      otherMember: 'UPC {upc} of release {release} is already used elsewhere on the platform; staff will decide where it belongs before anything is imported.',
    },
    hint: 'Check the UPC: each product has its own. If the release moved to this member, staff will transfer it.',
  },
  create(ctx) {
    return {
      async 'Message:exit'() {
        for (const { reference, upc, found, own } of await catalogMatches(ctx.message, ctx.catalog)) {
          if (own) {
            if (reference) ctx.markUpdate(reference);
            continue;
          }
          ctx.report({ messageId: 'otherMember', loc: upc, release: reference, needsStaff: true, data: { upc: upc.value, release: reference ?? '(no reference)' } });
        }
      },
    };
  },
});
