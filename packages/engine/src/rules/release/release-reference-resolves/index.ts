/** Every reference inside the message (to a release, resource, party, deal visibility) points at something the message declares. */
import { defineRule } from '../../define.js';
import { indexMessage } from '../../../ern/index-of-message.js';
import { ernMessageSuite, xsd } from '../../sources.js';

export default defineRule({
  id: 'release-reference-resolves',
  stage: 'release',
  meta: {
    label: 'References resolve',
    description: 'Every ReleaseResourceReference, DealReleaseReference and party reference points at a resource, release or party declared in the message.',
    sources: [
      ernMessageSuite('message-internal references (xs:ID / xs:IDREF): ReleaseResourceReference, DealReleaseReference, party references'),
      xsd('4.3', 'ResourceReference, ReleaseReference, PartyReference'),
    ],
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
        // The reader resolved every reference a record before it declares: what is left names a record further on, or none.
        if (m.unresolvedReferences.length === 0) return;
        // The message's index, not sets of every release and resource reference (a million strings at 1 GB).
        const index = indexMessage(m);
        const parties = new Set(m.parties.map((p) => p.reference.value));
        for (const ref of m.unresolvedReferences) {
          const target = ref.target;
          if (target === 'release' ? index.release(ref.value) : target === 'resource' ? index.resource(ref.value) : target === 'party' ? parties.has(ref.value) : true) continue;
          const element = ref.path.slice(ref.path.lastIndexOf('/') + 1).replace(/\[\d+\]$/, '');
          ctx.report({ messageId: 'unresolved', loc: ref, data: { element, reference: ref.value, target: ref.target } });
        }
      },
    };
  },
});
