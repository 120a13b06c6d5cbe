/** A store requirement: releases of some types (a Single Resource Release) come without artwork. */
import { defineRule } from '../../define.js';
import { profile14, store } from '../../sources.js';

interface Options {
  releaseTypes?: string[];
  /** Release profiles (last segment of ReleaseProfileVersionId) the rule applies to; a message declaring another profile is not judged by its release types. */
  profiles?: string[];
}

export default defineRule({
  id: 'release-artwork-absent',
  stage: 'release',
  meta: {
    label: 'No artwork for this release type',
    description: 'A message with a release of the listed types (default SingleResourceRelease) holds no image (store requirement).',
    sources: [
      store('youtubeResources', 'Single Resource Release feeds contain no artwork (youtube-srr-no-artwork)'),
      profile14('SingleResourceRelease profile (no cover art)'),
    ],
    versions: 'all',
    severity: 'error',
    storeOnly: true,
    messages: {
      image: 'The message holds the image {resource} but its release {release} is a {type}; the store takes no artwork with it.',
    },
    hint: 'Leave the image resource out of a {type} delivery.',
  },
  create(ctx) {
    const types = (ctx.options as Options).releaseTypes ?? ['SingleResourceRelease'];
    const profiles = (ctx.options as Options).profiles?.map((p) => p.toLowerCase());
    return {
      'Message:exit'() {
        const declared = ctx.message.releaseProfile?.trim();
        // ERN 4's SimpleAudioSingle gives its release the type SingleResourceRelease and a cover: the profile decides when declared.
        if (profiles && declared && !profiles.includes(declared.slice(declared.lastIndexOf('/') + 1).toLowerCase())) return;
        const release = ctx.message.releases.find((r) => r.types.some((t) => types.includes(t)));
        if (!release) return;
        const type = release.types.find((t) => types.includes(t))!;
        for (const resource of ctx.message.resources) {
          if (resource.kind !== 'Image') continue;
          const reference = resource.reference?.value ?? null;
          ctx.report({ messageId: 'image', loc: resource.loc, resource: reference, release: release.reference?.value ?? null, data: { resource: reference ?? '(no reference)', release: release.reference?.value ?? '(no reference)', type } });
        }
      },
    };
  },
});
