import { describe, expect, it } from 'vitest';
import { indexMessage } from './index-of-message.js';
import { readSample } from './testing/read-message.js';

describe('indexMessage', () => {
  it('resolves releases, resources, parties and their links in 4.3 1 Audio.xml', async () => {
    const { message: m } = await readSample('ddex-official-ern43/1 Audio.xml');
    const index = indexMessage(m);
    expect(index.release('R0')?.kind).toBe('main');
    expect(index.release('R99')).toBeUndefined();
    expect(index.resource('A22')?.kind).toBe('Image');
    expect(index.party('PEMI')?.names).toEqual(['EMI MUSIC JAPAN INC.']);
    // A1 is on the album's track list and is the TrackRelease R1's resource.
    expect(index.releasesOfResource('A1').map((r) => r.reference?.value)).toEqual(['R0', 'R1']);
    // The cover is linked from the album's ResourceGroup only.
    expect(index.releasesOfResource('A22').map((r) => r.reference?.value)).toEqual(['R0']);
    expect(index.releasesOfResource('A99')).toEqual([]);
    expect(index.dealsOfRelease('R0')).toHaveLength(1);
    expect(index.dealsOfRelease('R5')).toHaveLength(2);
    expect(index.dealsOfRelease('R22')).toEqual([]);
  });

  it('links 3.x resources through ReleaseResourceReferenceList and linked track items', async () => {
    const { message: m } = await readSample('ddex-official-crt-ern382/Release Profiles Samples/Profile_AudioAlbumMusicOnly.xml');
    const index = indexMessage(m);
    expect(index.releasesOfResource('A7').map((r) => r.reference?.value)).toEqual(['R0']);
    expect(index.releasesOfResource('A3').map((r) => r.reference?.value)).toEqual(['R0', 'R3']);
    expect(index.party('P1')).toBeUndefined();
  });
});
