/**
 * Against the catalog: an ISRC already in the catalog for a different recording (another member,
 * or the same member under another title) is probably a copy-paste error in the delivery. Of
 * another member's recording nothing is told but that the ISRC is used elsewhere.
 */
import { defineRule } from '../../define.js';
import { iso, service } from '../../sources.js';

const normalTitle = (title: string) => title.toLowerCase().normalize('NFKD').replace(/[^\p{L}\p{N}]+/gu, '');
/** Titles match when one holds the other once case, accents and punctuation are ignored ("Song" vs "Song (feat. X)"). */
const sameTitle = (a: string, b: string) => {
  const [x, y] = [normalTitle(a), normalTitle(b)];
  return x === y || (x.length > 0 && y.length > 0 && (x.includes(y) || y.includes(x)));
};

/** ISRCs asked for at once (`Catalog.findRecordings`). */
const SLICE = 2000;

export default defineRule({
  id: 'codes-isrc-reused',
  stage: 'codes',
  meta: {
    label: 'ISRC not used by another recording',
    description: 'A recording ISRC found in the catalog belongs to the same recording (same member and title).',
    sources: [
      iso('ISO 3901 (ISRC)', 'ISO 3901:2019, an ISRC is never reused for another recording'),
      service('The catalog of the member tells which recording an ISRC was first delivered for.'),
    ],
    versions: 'all',
    severity: 'warn',
    requires: ['catalog'],
    messages: {
      otherMember: 'ISRC {isrc} of {resource} is already used elsewhere on the platform.',
      otherTitle: 'ISRC {isrc} of {resource} ("{deliveredTitle}") is already used in the catalog for "{catalogTitle}".',
    },
    hint: 'Check the ISRC with the recording\'s registrant; every recording (and every different version of it) has its own ISRC.',
  },
  create(ctx) {
    return {
      async 'Message:exit'() {
        const catalog = ctx.catalog;
        if (!catalog || catalog.memberId === null) return;
        // The resources' ISRCs, SLICE at a time, asked for at once when the catalog can (a database
        // then answers a catalog's tens of thousands in a few queries, not one each); a slice at a
        // time, so a catalog re-delivered whole is never held as one map of what the catalog knows.
        let numbers: number[] = [];
        let isrcs: string[] = [];
        const resources = ctx.message.resources;
        const settle = async () => {
          const known = catalog.findRecordings ? await catalog.findRecordings(isrcs) : null;
          for (let i = 0; i < numbers.length; i++) {
            const found = known ? known.get(isrcs[i]) : await catalog.findRecording(isrcs[i]);
            if (!found) continue;
            const resource = resources.at(numbers[i])!;
            if (!resource.isrc) continue;
            const ref = resource.reference?.value ?? null;
            const base = { loc: resource.isrc, resource: ref, release: null };
            const name = ref ?? resource.kind;
            if (found.memberId !== catalog.memberId) {
              // Nothing of the other side (member, account, title) is told: the same words whoever holds it.
              ctx.report({ ...base, messageId: 'otherMember', data: { isrc: resource.isrc.value, resource: name } });
              continue;
            }
            const delivered = resource.titles[0]?.text ?? null;
            if (delivered && found.title && !sameTitle(delivered, found.title)) {
              ctx.report({ ...base, messageId: 'otherTitle', data: { isrc: resource.isrc.value, resource: name, deliveredTitle: delivered, catalogTitle: found.title } });
            }
          }
          numbers = [];
          isrcs = [];
        };
        for (let n = 0; n < resources.length; n++) {
          const isrc = resources.at(n)!.isrc?.value.trim();
          if (!isrc) continue;
          numbers.push(n);
          isrcs.push(isrc);
          if (isrcs.length === SLICE) await settle();
        }
        if (isrcs.length > 0) await settle();
      },
    };
  },
});
