/** Cover art is square and at least the profile's minimum size (default 1400 x 1400 px). */
import { defineRule } from '../../define.js';
import { inspectedFiles, isCoverArt, ALONE_MESSAGE, ALONE_HINT } from '../../../media/rule-support.js';
export default defineRule({
    id: 'artwork-size-minimum',
    stage: 'artwork',
    meta: {
        label: 'Cover art size',
        description: 'Cover art is square and at least the minimum size of the profile (default 1400 x 1400 pixels).',
        versions: 'all',
        severity: 'error',
        messages: {
            tooSmall: 'The cover art "{file}" of resource {resource} is {width} x {height} px; the service needs at least {min} x {min} px.',
            notSquare: 'The cover art "{file}" of resource {resource} is {width} x {height} px; it must be square.',
            ...ALONE_MESSAGE,
        },
        hint: {
            tooSmall: 'Export the cover from the original artwork at {min} x {min} px or more (do not upscale a small image).',
            notSquare: 'Crop or export the cover as a square image.',
            ...ALONE_HINT,
        },
    },
    create(ctx) {
        return {
            'Media:exit'() {
                const { minPixels, square } = ctx.profile.artwork;
                for (const { file, entry, facts, reference, resource } of inspectedFiles(ctx, ['Image'])) {
                    const image = facts.image;
                    if (!isCoverArt(resource) || !image?.width || !image.height)
                        continue;
                    const data = { file: entry.path, resource: reference ?? '(no reference)', width: image.width, height: image.height, min: minPixels };
                    if (Math.min(image.width, image.height) < minPixels)
                        ctx.report({ messageId: 'tooSmall', loc: file.loc, resource: reference, data });
                    if (square && image.width !== image.height)
                        ctx.report({ messageId: 'notSquare', loc: file.loc, resource: reference, data });
                }
            },
        };
    },
});
//# sourceMappingURL=index.js.map