/** Every reference inside the message (to a release, resource, party, deal visibility) points at something the message declares. */
import { defineRule } from '../../define.js';
export default defineRule({
    id: 'release-reference-resolves',
    stage: 'release',
    meta: {
        label: 'References resolve',
        description: 'Every ReleaseResourceReference, DealReleaseReference and party reference points at a resource, release or party declared in the message.',
        versions: 'all',
        severity: 'error',
        messages: {
            unresolved: '{element} "{reference}" does not match any {target} reference declared in the message.',
        },
        hint: 'Declare the {target} with that reference, or correct the reference (references are case-sensitive).',
    },
    create(ctx) {
        return {
            'Message:exit'() {
                const m = ctx.message;
                const known = {
                    release: new Set(m.releases.map((r) => r.reference?.value).filter(Boolean)),
                    resource: new Set(m.resources.map((r) => r.reference?.value).filter(Boolean)),
                    party: new Set(m.parties.map((p) => p.reference.value)),
                };
                for (const ref of m.references) {
                    if (ref.target !== 'release' && ref.target !== 'resource' && ref.target !== 'party')
                        continue;
                    if (known[ref.target].has(ref.value))
                        continue;
                    const element = ref.path.slice(ref.path.lastIndexOf('/') + 1).replace(/\[\d+\]$/, '');
                    ctx.report({ messageId: 'unresolved', loc: ref, data: { element, reference: ref.value, target: ref.target } });
                }
            },
        };
    },
});
//# sourceMappingURL=index.js.map