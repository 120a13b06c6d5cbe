import { describe, expect, it } from 'vitest';
import { baseMessage } from './rule-tester.js';
import { F382, F43 } from './base-fragments.js';

describe('base fragments', () => {
  it.each([['4.3', F43], ['3.8.2', F382]] as const)('each %s fragment occurs exactly once', (version, fragments) => {
    const xml = baseMessage(version);
    for (const [name, text] of Object.entries(fragments)) {
      expect(xml.split(text).length - 1, name).toBe(1);
    }
  });
});
