import { describe, expect, it } from 'vitest';
import { setImmediate as tick } from 'node:timers/promises';
import type { RuleContext } from '../define.js';
import type { ClosedElement } from '../../xml/events.js';
import { avsOf } from '../../avs/allowed-values.js';
import { territoryCollector, type TerritoryCodeFound } from './territory-elements.js';

/** What the collector reads of a rule's context: its version, schemas, list and release. */
function contextOf(found: TerritoryCodeFound[]): RuleContext {
  return { version: '4.3', schemasDir: null, keptList: () => found, currentRelease: () => 'R1' } as unknown as RuleContext;
}

const element = (text: string, line: number): ClosedElement => ({ name: 'TerritoryCode', text, line, column: 5, path: '/x', hasChildren: false }) as unknown as ClosedElement;

describe('territoryCollector', () => {
  it('keeps every code until the allowed values are loaded, then only those the rule may report', async () => {
    expect(await avsOf('4.3')).not.toBeNull();
    const found: TerritoryCodeFound[] = [];
    const asked: string[] = [];
    const { handlers } = territoryCollector(contextOf(found), (code, avs) => {
      asked.push(code);
      return !avs.get('territory')!.has(code);
    });
    const take = handlers.TerritoryCode as (el: ClosedElement) => void;
    take(element('Worldwide', 1));
    take(element('XK9', 2));
    // The values, asked for as the collector is made, come once the pass gives way to the event loop (between batches of a message).
    await tick();
    await tick();
    take(element('GB', 3));
    take(element('UK', 4));
    take(element('', 5));
    expect(found.map((f) => [f.code, f.loc.line, f.release])).toEqual([
      ['Worldwide', 1, 'R1'],
      ['XK9', 2, 'R1'],
      ['UK', 4, 'R1'],
    ]);
    expect(asked).toEqual(['GB', 'UK']);
  });
});
