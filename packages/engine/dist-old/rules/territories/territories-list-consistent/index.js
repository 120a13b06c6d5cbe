/** Territory lists say one thing once: no duplicates, no Worldwide mixed with single countries, no excluded Worldwide. */
import { defineRule } from '../../define.js';
import { WORLD } from '../../../territories/coverage.js';
export default defineRule({
    id: 'territories-list-consistent',
    stage: 'territories',
    meta: {
        label: 'Territory lists consistent',
        description: 'A deal\'s territory list names each territory once, does not mix Worldwide with single territories, and does not exclude Worldwide.',
        versions: 'all',
        severity: 'warn',
        messages: {
            duplicate: '{element} "{code}" is listed twice in the same deal.',
            worldwideMixed: 'The deal lists Worldwide together with {others}; Worldwide already includes them.',
            excludedWorldwide: 'The deal excludes Worldwide, so it applies in no territory.',
        },
        hint: {
            duplicate: 'List each territory once.',
            worldwideMixed: 'Send TerritoryCode Worldwide alone, or list only the territories meant; to leave some out use ExcludedTerritoryCode.',
            excludedWorldwide: 'List the territories where the release may be sold (TerritoryCode), or exclude only specific ones.',
        },
    },
    create(ctx) {
        const checkList = (codes, element, release) => {
            const seen = new Set();
            for (const c of codes) {
                if (seen.has(c.value))
                    ctx.report({ messageId: 'duplicate', loc: c, release, data: { element, code: c.value } });
                seen.add(c.value);
            }
            if (element === 'TerritoryCode') {
                const world = codes.find((c) => WORLD.has(c.value));
                const others = codes.filter((c) => !WORLD.has(c.value));
                if (world && others.length > 0)
                    ctx.report({ messageId: 'worldwideMixed', loc: world, release, data: { others: others.map((c) => c.value).join(', ') } });
            }
            else {
                const world = codes.find((c) => WORLD.has(c.value));
                if (world)
                    ctx.report({ messageId: 'excludedWorldwide', loc: world, release });
            }
        };
        return {
            'Message:exit'() {
                for (const deal of ctx.message.deals) {
                    const release = deal.releaseReferences[0]?.value ?? null;
                    checkList(deal.territories, 'TerritoryCode', release);
                    checkList(deal.excludedTerritories, 'ExcludedTerritoryCode', release);
                }
            },
        };
    },
});
//# sourceMappingURL=index.js.map