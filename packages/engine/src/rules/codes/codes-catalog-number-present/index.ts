/** The main release carries the label's catalog number (ReleaseId/CatalogNumber), which stores show and labels search by. */
import { defineRule } from '../../define.js';
import { releasesOfKind } from '../../release/release-contents.js';
import { service, xsd } from '../../sources.js';

export default defineRule({
  id: 'codes-catalog-number-present',
  stage: 'codes',
  meta: {
    label: 'Catalog number present',
    description: 'The main release has a non-empty ReleaseId/CatalogNumber.',
    sources: [
      xsd('4.3', 'Release/ReleaseId/CatalogNumber (optional in the XSD)'),
      service('Default profile: the label catalogue number is asked for, members use it to find their releases.'),
    ],
    versions: 'all',
    severity: 'warn',
    // Many labels have no catalog numbers for digital-only releases: never a rejection, even in strict.
    strictSeverity: 'warn',
    messages: { missing: 'Release {release} has no catalog number (ReleaseId/CatalogNumber).' },
    hint: 'Add ReleaseId/CatalogNumber with the label\'s catalog number and its Namespace (the label\'s DPID or name).',
  },
  create(ctx) {
    return {
      'Message:exit'() {
        for (const release of releasesOfKind(ctx.message, (kind) => kind === 'main')) {
          if (release.ids.catalogNumber && release.ids.catalogNumber.value.trim() !== '') continue;
          const ref = release.reference?.value ?? null;
          ctx.report({ messageId: 'missing', loc: release.loc, release: ref, data: { release: ref ?? '(no reference)' } });
        }
      },
    };
  },
});
