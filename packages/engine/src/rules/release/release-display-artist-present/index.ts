/**
 * Display artists: each product release and each track names its artist. In 4.x the artist is a
 * `DisplayArtist/ArtistPartyReference` to a party that must have a name (or the display artist
 * name must be given).
 */
import { defineRule } from '../../define.js';
import { numbersWhere } from '../../record-notes.js';
import { productReleases, releaseName, resourceName } from '../release-contents.js';
import type { ArtistRef } from '../../../ern/model.js';
import type { LocId } from '../../../xml/loc-table.js';
import { releaseProfile21, xsd } from '../../sources.js';

export default defineRule({
  id: 'release-display-artist-present',
  stage: 'release',
  meta: {
    label: 'Display artist present',
    description: 'Every product release and every sound recording and video has a display artist with a name (4.x: through PartyReference).',
    sources: [
      xsd('4.3', 'Release/DisplayArtist, Release/DisplayArtistName (1..n)'),
      releaseProfile21('clause 5.3.1.2(1-2), rules 1016-1, 1017-1'),
    ],
    versions: 'all',
    severity: 'error',
    messages: {
      missing: '{what} has no display artist.',
      unnamed: 'Display artist {party} of {what} resolves to a party without a name.',
    },
    hint: {
      missing: 'Add DisplayArtistName and a DisplayArtist with the MainArtist role (4.x: DisplayArtist/ArtistPartyReference to a Party with PartyName/FullName).',
      unnamed: 'Give party {party} a PartyName/FullName in the PartyList.',
    },
  },
  create(ctx) {
    // `what` and `ids` are called only for a finding: names and references read records kept as bytes.
    const check = (what: () => string, names: string[], artists: ArtistRef[], loc: LocId, ids: () => { release: string | null; resource: string | null }) => {
      if (!names.some((n) => n.trim() !== '') && artists.length === 0) {
        ctx.report({ messageId: 'missing', loc, ...ids(), data: { what: what() } });
        return;
      }
      if (ctx.family !== '4' || names.some((n) => n.trim() !== '')) return;
      for (const a of artists) {
        // A dangling reference is release-reference-resolves' finding; here only declared parties without a name.
        const party = a.partyReference ? ctx.message.parties.find((p) => p.reference.value === a.partyReference) : undefined;
        if (party && !party.names.some((n) => n.trim() !== '')) ctx.report({ messageId: 'unnamed', loc: a.loc, ...ids(), data: { what: what(), party: a.partyReference } });
      }
    };
    // Tracks without a display artist name as they close (ctx.onResource): checked again at message end,
    // when names of parties listed later are known too (a name once there stays).
    const unnamed = numbersWhere(ctx.onResource, (r) => (r.kind === 'SoundRecording' || r.kind === 'Video') && !r.displayArtistNames.some((name) => name.trim() !== ''));
    return {
      'Message:exit'() {
        for (const r of productReleases(ctx.message)) check(() => `Release ${releaseName(r, ctx.message)}`, r.displayArtistNames, r.displayArtists, r.loc, () => ({ release: r.reference?.value ?? null, resource: null }));
        for (const n of unnamed) {
          const r = ctx.message.resources.at(n)!;
          check(() => resourceName(r, ctx.message), r.displayArtistNames, r.displayArtists, r.loc, () => ({ release: null, resource: r.reference?.value ?? null }));
        }
      },
    };
  },
});
