import { describe, expect, it } from 'vitest';
import type { Release, Resource } from './model.js';
import { resolveNames } from './parties.js';
import { readXml } from './testing/read-message.js';

const artist = (partyReference: string | null, name: string | null = null) => ({ name, partyReference, roles: [], sequence: null });

describe('resolveNames', () => {
  const names = new Map([['P1', 'First'], ['PL', 'A Label']]);

  it('fills names and says whether a party it names is still without one', () => {
    const resource = { displayArtists: [artist('P1'), artist(null, 'Inline')] } as unknown as Resource;
    expect(resolveNames(resource, names)).toBe(false);
    expect(resource.displayArtists.map((a) => a.name)).toEqual(['First', 'Inline']);

    const waiting = { displayArtists: [artist('P1'), artist('P2')] } as unknown as Resource;
    expect(resolveNames(waiting, names)).toBe(true);
    expect(waiting.displayArtists.map((a) => a.name)).toEqual(['First', null]);
  });

  it("counts a release's labels: none of its label parties named is a party still without a name", () => {
    const named = { displayArtists: [], labels: [], labelReferences: ['PL', 'PX'] } as unknown as Release;
    expect(resolveNames(named, names)).toBe(false);
    expect(named.labels).toEqual(['A Label']);
    const unnamed = { displayArtists: [], labels: [], labelReferences: ['PX'] } as unknown as Release;
    expect(resolveNames(unnamed, names)).toBe(true);
    expect(unnamed.labels).toEqual([]);
  });
});

describe('party names at message end', () => {
  const party = (ref: string, name: string) => `<Party><PartyReference>${ref}</PartyReference><PartyName><FullName>${name}</FullName></PartyName></Party>`;
  const release = (ref: string, artistRef: string, label: string) =>
    `<TrackRelease><ReleaseReference>${ref}</ReleaseReference><DisplayArtist><ArtistPartyReference>${artistRef}</ArtistPartyReference></DisplayArtist><ReleaseLabelReference>${label}</ReleaseLabelReference></TrackRelease>`;
  const message = (body: string) => `<ern:NewReleaseMessage xmlns:ern="http://ddex.net/xml/ern/43">${body}</ern:NewReleaseMessage>`;

  it.each([true, false])('names from parties before and after the records, kept as bytes: %s', async (store) => {
    const xml = message(`<PartyList>${party('P1', 'Early')}${party('PL', 'Label')}</PartyList><ReleaseList>${release('R1', 'P1', 'PL')}${release('R2', 'P2', 'PL2')}</ReleaseList><PartyList>${party('P2', 'Late')}${party('PL2', 'Late Label')}</PartyList>`);
    const { message: m } = await readXml(xml, undefined, store);
    expect([0, 1].map((i) => [m.releases.at(i)!.displayArtists[0].name, m.releases.at(i)!.labels])).toEqual([
      ['Early', ['Label']],
      ['Late', ['Late Label']],
    ]);
  });

  it('names a record the pass left open, when the message is cut inside it', async () => {
    const xml = message(`<PartyList>${party('P1', 'Early')}</PartyList><ReleaseList><TrackRelease><ReleaseReference>R1</ReleaseReference><DisplayArtist><ArtistPartyReference>P1</ArtistPartyReference></DisplayArtist>`).replace('</ern:NewReleaseMessage>', '');
    const { message: m } = await readXml(xml);
    expect(m.releases.at(0)?.displayArtists.map((a) => a.name)).toEqual(['Early']);
  });
});
