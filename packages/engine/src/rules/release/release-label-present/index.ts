/** Label: the main release names its label (3.x `LabelName`; 4.x `ReleaseLabelReference` to a named party). */
import { defineRule } from '../../define.js';
import { releaseName, mainReleases } from '../release-contents.js';
import { releaseProfile21, xsd } from '../../sources.js';

export default defineRule({
  id: 'release-label-present',
  stage: 'release',
  meta: {
    label: 'Label name present',
    description: 'The main release has a label name (3.x ReleaseDetailsByTerritory/LabelName; 4.x ReleaseLabelReference to a Party with a name).',
    sources: [
      xsd('4.3', 'Release/ReleaseLabelReference (1..n)'),
      xsd('3.8.2', 'ReleaseDetailsByTerritory/LabelName'),
      releaseProfile21('clause 5.3.1.3'),
    ],
    versions: 'all',
    severity: 'error',
    messages: {
      missing: 'Release {release} has no label name.',
      unnamed: 'Release {release}: label party {party} has no PartyName.',
    },
    hint: {
      missing: 'Add the label (3.x ReleaseDetailsByTerritory/LabelName; 4.x ReleaseLabelReference to a Party with PartyName/FullName).',
      unnamed: 'Give party {party} a PartyName/FullName with the label name.',
    },
  },
  create(ctx) {
    return {
      'Message:exit'() {
        for (const release of mainReleases(ctx.message)) {
          const ref = release.reference?.value ?? null;
          if (release.labels.some((l) => l.trim() !== '')) continue;
          const party = release.labelReferences.map((p) => ctx.message.parties.find((x) => x.reference.value === p)).find(Boolean);
          if (party) ctx.report({ messageId: 'unnamed', loc: party.loc, release: ref, data: { release: releaseName(release, ctx.message), party: party.reference.value } });
          else ctx.report({ messageId: 'missing', loc: release.loc, release: ref, data: { release: releaseName(release, ctx.message) } });
        }
      },
    };
  },
});
