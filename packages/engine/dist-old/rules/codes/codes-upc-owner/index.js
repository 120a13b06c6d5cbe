/**
 * Against the catalog: a UPC already in the catalog belongs to one member. On this member the
 * delivery updates that release (the release's outcome becomes `updated`); on another member it
 * cannot be imported.
 */
import { defineRule } from '../../define.js';
import { catalogMatches } from '../../../catalog/release-upcs.js';
export default defineRule({
    id: 'codes-upc-owner',
    stage: 'codes',
    meta: {
        label: 'UPC not owned by another member',
        description: 'A release UPC found in the catalog belongs to the delivering member (then the delivery is an update).',
        versions: 'all',
        severity: 'error',
        requires: ['catalog'],
        messages: {
            otherMember: 'UPC {upc} of release {release} is already in the catalog for another member ({owner}).',
        },
        hint: 'Check the UPC: each product has its own. If the release moved to this member, ask staff to transfer it first.',
    },
    create(ctx) {
        return {
            async 'Message:exit'() {
                for (const { reference, upc, found, own } of await catalogMatches(ctx.message, ctx.catalog)) {
                    if (own) {
                        if (reference)
                            ctx.markUpdate(reference);
                        continue;
                    }
                    ctx.report({ messageId: 'otherMember', loc: upc, release: reference, data: { upc: upc.value, release: reference ?? '(no reference)', owner: found.memberId } });
                }
            },
        };
    },
});
//# sourceMappingURL=index.js.map