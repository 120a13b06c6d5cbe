/** Titles: each product release and each track (sound recording, video) has a non-empty title. */
import { defineRule } from '../../define.js';
import { numbersWhere } from '../../record-notes.js';
import { productReleases, releaseName, resourceName } from '../release-contents.js';
import { releaseProfile21, xsd } from '../../sources.js';

export default defineRule({
  id: 'release-title-present',
  stage: 'release',
  meta: {
    label: 'Titles present',
    description: 'Every product release and every sound recording and video has a non-empty title.',
    sources: [
      xsd('3.8.2', 'ReferenceTitle (required)'),
      xsd('4.3', 'DisplayTitleText, DisplayTitle'),
      releaseProfile21('clause 5.3.1.3'),
    ],
    versions: 'all',
    severity: 'error',
    messages: {
      release: 'Release {release} has no title.',
      resource: '{resource} has no title.',
      blank: '{what} has a title made only of spaces or punctuation ("{title}").',
    },
    hint: {
      release: 'Add the release title (3.x ReferenceTitle/TitleText and a DisplayTitle; 4.x DisplayTitleText and DisplayTitle/TitleText).',
      resource: 'Add the track title (3.x ReferenceTitle/TitleText; 4.x DisplayTitleText and DisplayTitle/TitleText).',
      blank: 'Send the title as it should appear in stores.',
    },
  },
  create(ctx) {
    const meaningful = (text: string) => /[\p{L}\p{N}]/u.test(text);
    // Tracks without a meaningful title, found as they close (ctx.onResource) and reported at message end.
    const untitled = numbersWhere(ctx.onResource, (resource) => (resource.kind === 'SoundRecording' || resource.kind === 'Video') && !resource.titles.some((t) => meaningful(t.text)));
    return {
      'Message:exit'() {
        // References read only for a finding (each read decodes a record kept as bytes).
        for (const release of productReleases(ctx.message)) {
          const ref = () => release.reference?.value ?? null;
          const titles = release.titles.filter((t) => t.text.trim() !== '');
          if (titles.length === 0) ctx.report({ messageId: 'release', loc: release.loc, release: ref(), data: { release: releaseName(release, ctx.message) } });
          else if (!titles.some((t) => meaningful(t.text))) ctx.report({ messageId: 'blank', loc: release.loc, release: ref(), data: { what: `Release ${releaseName(release, ctx.message)}`, title: titles[0].text } });
        }
        for (const n of untitled) {
          const resource = ctx.message.resources.at(n)!;
          const ref = () => resource.reference?.value ?? null;
          const titles = resource.titles.filter((t) => t.text.trim() !== '');
          if (titles.length === 0) ctx.report({ messageId: 'resource', loc: resource.loc, resource: ref(), release: null, data: { resource: resourceName(resource, ctx.message) } });
          else if (!titles.some((t) => meaningful(t.text))) ctx.report({ messageId: 'blank', loc: resource.loc, resource: ref(), release: null, data: { what: resourceName(resource, ctx.message), title: titles[0].text } });
        }
      },
    };
  },
});
