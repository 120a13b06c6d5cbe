import { describe, expect, it } from 'vitest';
import type { Batch } from '../batch/types.js';
import type { ResourceFile } from '../ern/model.js';
import { candidatePaths, createResolver } from './resolve.js';

const batchOf = (paths: string[]) => ({ entries: paths.map((path) => ({ path, size: 1 })) }) as unknown as Batch;
const file = (uri: string) => ({ uri }) as ResourceFile;

describe('createResolver', () => {
  const resolver = createResolver(batchOf(['delivery/message.xml', 'delivery/resources/Cover.jpeg', 'delivery/resources/cover.png', 'delivery/resources/A1.flac', 'delivery/resources/te\u0301st.wav']));

  it('resolves a reference against the message folder, percent-decoded and NFC', () => {
    expect(resolver.resolve(file('resources/A1.flac'), 'delivery/message.xml')?.path).toBe('delivery/resources/A1.flac');
    expect(resolver.resolve(file('resources/t%C3%A9st.wav'), 'delivery/message.xml')?.path).toBe('delivery/resources/te\u0301st.wav');
    expect(resolver.resolve(file('resources/a1.flac'), 'delivery/message.xml')).toBeNull();
  });

  it('suggests a near name: the same one in another letter case, else the first entry with the same name and another extension', () => {
    expect(resolver.nearest(file('resources/a1.flac'), 'delivery/message.xml')).toBe('delivery/resources/A1.flac');
    expect(resolver.nearest(file('resources/cover.jpg'), 'delivery/message.xml')).toBe('delivery/resources/Cover.jpeg');
    expect(resolver.nearest(file('resources/A2.flac'), 'delivery/message.xml')).toBeNull();
    expect(resolver.nearest(file(''), 'delivery/message.xml')).toBeNull();
  });

  it('reads the entries a bounded number of times, however many files are missing', () => {
    const present = Array.from({ length: 2000 }, (_, i) => `d/resources/track_${i}.flac`);
    let reads = 0;
    const entries = new Proxy(['d/message.xml', ...present].map((path) => ({ path, size: 1 })), {
      get(target, key, receiver) {
        if (typeof key === 'string' && /^\d+$/.test(key)) reads++;
        return Reflect.get(target, key, receiver);
      },
    });
    const many = createResolver({ entries } as unknown as Batch);
    const made = reads;
    for (let i = 0; i < 2000; i++) expect(many.nearest(file(`resources/track_${i + 2000}.wav`), 'd/message.xml')).toBeNull();
    expect(many.nearest(file('resources/TRACK_7.wav'), 'd/message.xml')).toBe('d/resources/track_7.flac');
    // Each entry once more for the names without extension, not once per missing file (4 million reads before).
    expect(reads - made).toBeLessThanOrEqual(present.length + 1);
  });

  it('gives a plain relative reference the path the whole normalization gives it', () => {
    const uris = ['a.flac', 'resources/A1 final.flac', 'x/y.z/-w_1.wav', 'resources/track.', 'a-b/c d/e'];
    for (const messageFile of ['message.xml', 'delivery/message.xml', 'Cafe\u0301/deep/m.xml', 'a b/m.xml']) {
      for (const uri of uris) {
        // "./" first takes the reference through decoding and normalization.
        expect(candidatePaths(file(uri), messageFile), `${messageFile} ${uri}`).toEqual(candidatePaths(file(`./${uri}`), messageFile));
        expect(candidatePaths(file(`  ${uri} `), messageFile)).toEqual(candidatePaths(file(uri), messageFile));
      }
    }
    expect(candidatePaths(file('resources/A1.flac'), 'Cafe\u0301/m.xml')).toEqual(['Caf\u00e9/resources/A1.flac']);
    // Not plain: taken the whole way.
    expect(candidatePaths(file('../up.flac'), 'd/m.xml')).toEqual(['up.flac']);
    expect(candidatePaths(file('a/../b.flac'), 'd/m.xml')).toEqual(['d/b.flac']);
    expect(candidatePaths(file('a%20b.flac'), 'd/m.xml')).toEqual(['d/a%20b.flac', 'd/a b.flac']);
    expect(candidatePaths(file('/root/a.flac'), 'd/m.xml')).toEqual(['root/a.flac', 'a.flac']);
  });
});
