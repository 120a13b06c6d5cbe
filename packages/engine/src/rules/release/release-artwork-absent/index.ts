/** A store requirement: releases of some types (a Single Resource Release) come without artwork. */
import { defineRule } from '../../define.js';

interface Options {
  releaseTypes?: string[];
}

export default defineRule({
  id: 'release-artwork-absent',
  stage: 'release',
  meta: {
    label: 'No artwork for this release type',
    description: 'A message with a release of the listed types (default SingleResourceRelease) holds no image (store requirement).',
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
    return {
      'Message:exit'() {
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
