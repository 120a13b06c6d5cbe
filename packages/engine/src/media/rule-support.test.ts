import { describe, expect, it } from 'vitest';
import type { ErnMessage } from '../ern/model.js';
import { localFileCount, noteLocalFiles } from './rule-support.js';

/** A message whose resources hold only what the count reads: their kind and their files' URIs. */
function messageWith(resources: { kind: string; uris: string[][] }[]): ErnMessage {
  return {
    resources: resources.map(({ kind, uris }) => ({ kind, technical: uris.map((files) => ({ files: files.map((uri) => ({ uri })) })) })),
  } as unknown as ErnMessage;
}

describe('localFileCount', () => {
  it('counts local files by the kinds asked for, leaving out remote and empty references', () => {
    const message = messageWith([
      { kind: 'SoundRecording', uris: [['a1.flac', 'https://cdn.example/a1.flac'], ['a1.wav']] },
      { kind: 'SoundRecording', uris: [['  ', 'file:///tmp/a2.flac']] },
      { kind: 'Image', uris: [['cover.jpg', '//cdn.example/cover.jpg']] },
      { kind: 'Video', uris: [] },
      { kind: 'Text', uris: [['booklet.pdf']] },
    ]);
    expect(localFileCount(message, ['SoundRecording'])).toBe(3);
    expect(localFileCount(message, ['Image'])).toBe(1);
    expect(localFileCount(message, ['SoundRecording', 'Image'])).toBe(4);
    expect(localFileCount(message, ['Video'])).toBe(0);
    expect(localFileCount(message, 'all')).toBe(5);
  });

  it('reads the resources once per message, whatever the kinds asked for', () => {
    let reads = 0;
    const resources = [{ kind: 'SoundRecording', technical: [{ files: [{ uri: 'a1.flac' }] }] }, { kind: 'Image', technical: [{ files: [{ uri: 'c.jpg' }] }] }];
    const message = { resources: { length: resources.length, at: (i: number) => (reads++, resources[i]) } } as unknown as ErnMessage;
    expect([localFileCount(message, ['SoundRecording']), localFileCount(message, 'all'), localFileCount(message, ['Image'])]).toEqual([1, 2, 1]);
    expect(reads).toBe(2);
  });

  it('counts from what was noted as the resources closed, without reading them again', () => {
    let reads = 0;
    const resources = [{ kind: 'SoundRecording', technical: [{ files: [{ uri: 'a1.flac' }, { uri: 'https://x/a1.flac' }] }] }, { kind: 'Image', technical: [{ files: [{ uri: 'c.jpg' }] }] }];
    const message = { resources: { length: resources.length, at: (i: number) => (reads++, resources[i]) } } as unknown as ErnMessage;
    resources.forEach((resource, n) => noteLocalFiles(message, resource as never, n));
    expect([localFileCount(message, ['SoundRecording']), localFileCount(message, 'all')]).toEqual([1, 2]);
    expect(reads).toBe(0);
  });

  it('walks the resources itself when the noting missed one (out of order, or a resource not given)', () => {
    for (const given of [[1, 0], [0]]) {
      let reads = 0;
      const resources = [{ kind: 'SoundRecording', technical: [{ files: [{ uri: 'a1.flac' }] }] }, { kind: 'SoundRecording', technical: [{ files: [{ uri: 'a2.flac' }] }] }];
      const message = { resources: { length: resources.length, at: (i: number) => (reads++, resources[i]) } } as unknown as ErnMessage;
      for (const n of given) noteLocalFiles(message, resources[n] as never, n);
      expect(localFileCount(message, ['SoundRecording']), String(given)).toBe(2);
      expect(reads).toBe(2);
    }
  });
});
