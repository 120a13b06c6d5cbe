/** Stores list products by UPC/EAN: the main release should carry an ICPN even where DDEX accepts a GRid or proprietary id alone. */
import { defineRule } from '../../define.js';
import { mainReleases, releaseName } from '../../release/release-contents.js';
import { releaseProfile21, spec, xsd } from '../../sources.js';

export default defineRule({
  id: 'codes-upc-present',
  stage: 'codes',
  meta: {
    label: 'UPC/EAN present',
    description: 'The main release has an ICPN (UPC/EAN).',
    sources: [
      xsd('4.3', 'Release/ReleaseId/ICPN'),
      releaseProfile21('clause 5.3.1.3(1), rule 1025-1'),
      spec('GS1 General Specifications (GTIN)', 'trade items are identified by a GTIN'),
    ],
    versions: 'all',
    // DDEX accepts a GRid alone (Release Profile rule 1025-1); a store without UPC still needs one from the label.
    severity: 'warn',
    messages: { missing: 'Release {release} has no ICPN (UPC/EAN){others}.' },
    hint: 'Add ReleaseId/ICPN with the UPC or EAN assigned to the product.',
  },
  create(ctx) {
    return {
      'Message:exit'() {
        for (const release of mainReleases(ctx.message)) {
          const ids = release.ids;
          if (ids.icpn?.value.trim()) continue;
          const others = [ids.grid?.value.trim() ? 'GRid' : null, ids.proprietary.length ? 'ProprietaryId' : null].filter(Boolean);
          ctx.report({ messageId: 'missing', loc: release.loc, release: release.reference?.value ?? null, data: { release: releaseName(release, ctx.message), others: others.length ? `; it is identified only by ${others.join(' and ')}` : '' } });
        }
      },
    };
  },
});
