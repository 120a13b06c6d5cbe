import { describe, expect, it } from 'vitest';
import { Readable } from 'node:stream';
import { runMessagePass } from '../xml/pass.js';
import { createErnReader } from '../ern/reader.js';
import { versionOfNamespace } from '../xml/version.js';
import { DEFAULT_PROFILE } from '../profile/default.js';
import type { LocId } from '../xml/loc-table.js';
import type { ErnMessage } from '../ern/model.js';
import { defineRule, type ReportDescriptor, type RuleContext } from './define.js';

/** Rules declared here cite a source like every rule (defineRule refuses one without). */
const TEST_SOURCES = [{ kind: 'service', ref: 'a rule of this test, not shipped' }] as const;
import { RuleDispatcher } from './dispatcher.js';

const XML = `<?xml version="1.0" encoding="UTF-8"?>
<ern:NewReleaseMessage xmlns:ern="http://ddex.net/xml/ern/43">
  <ResourceList>
    <SoundRecording>
      <ResourceReference>A1</ResourceReference>
    </SoundRecording>
  </ResourceList>
  <ReleaseList>
    <Release>
      <ReleaseReference>R0</ReleaseReference>
      <ReleaseId><ICPN>00094631432057</ICPN></ReleaseId>
    </Release>
  </ReleaseList>
</ern:NewReleaseMessage>`;

/** Runs the ERN reader and a dispatcher with one rule reporting what `reports` gives, during the stream and at its end. */
async function run(reports: { streaming: (m: ErnMessage) => ReportDescriptor; atEnd: (m: ErnMessage) => ReportDescriptor }) {
  const rule = {
    id: 'test-location-numbers',
    stage: 'release' as const,
    meta: { label: 'test', description: 'test', sources: TEST_SOURCES, versions: 'all' as const, messages: { here: 'here' }, hint: 'none', severity: 'error' as const },
    create: (ctx: RuleContext) => ({
      'ReleaseId/ICPN': () => ctx.report(reports.streaming(ctx.message)),
      'Message:exit': () => ctx.report(reports.atEnd(ctx.message)),
    }),
  };
  return runRules(XML, [rule], false);
}

/** Reader and dispatcher over `xml` with `rules`, the model kept as bytes or as objects: the finished model and the findings. */
async function runRules(xml: string, rules: Parameters<typeof defineRule>[0][], store: boolean) {
  let reader: ReturnType<typeof createErnReader> | null = null;
  let dispatcher: RuleDispatcher | null = null;
  await runMessagePass(
    Readable.from([Buffer.from(xml)]),
    (root) => {
      const version = versionOfNamespace(root!.ns)!;
      reader = createErnReader({ version, root: root!, store, onResource: (r, n) => dispatcher!.resourceClosed(r, n), onRelease: (r, n) => dispatcher!.releaseClosed(r, n), onDeal: (d, n) => dispatcher!.dealClosed(d, n) });
      const message = reader.message;
      dispatcher = new RuleDispatcher(rules.map((r) => ({ rule: defineRule(r), severity: 'error' as const, options: {} })), { file: 'm.xml', message: () => message, profile: DEFAULT_PROFILE, catalog: null, recordStore: store }, version);
      return { listeners: [reader.listener, dispatcher.listener] };
    },
    { parseThread: false },
  );
  const message = reader!.finish();
  await dispatcher!.exit('Message:exit');
  return { message, checks: dispatcher!.findings() };
}

describe('RuleDispatcher and the model location numbers', () => {
  it("reads a record's loc back into line, column and path, the first location (number 0) included", async () => {
    const { message, checks } = await run({
      // Number 0: the first record located (the sound recording); a finding without a release takes the release being read.
      streaming: () => ({ messageId: 'here', loc: 0 as LocId }),
      atEnd: (m) => ({ messageId: 'here', loc: m.releases.at(0)!.loc, release: null }),
    });
    const sound = message.locations.loc(message.resources.at(0)!.loc);
    expect(message.resources.at(0)!.loc).toBe(0);
    expect(sound).toEqual({ line: 4, column: 5, path: '/NewReleaseMessage/ResourceList/SoundRecording' });
    expect(checks).toHaveLength(2);
    expect(checks[0]).toMatchObject({ field: sound.path, line: 4, column: 5, release: 'R0' });
    expect(checks[1]).toMatchObject({ field: '/NewReleaseMessage/ReleaseList/Release', line: 9, column: 5, release: null });
  });

  it('takes a location object as before', async () => {
    const { checks } = await run({
      streaming: () => ({ messageId: 'here', loc: { line: 2, column: 3, path: '/NewReleaseMessage/X' } }),
      atEnd: () => ({ messageId: 'here' }),
    });
    expect(checks[0]).toMatchObject({ field: '/NewReleaseMessage/X', line: 2, column: 3, release: 'R0' });
    expect(checks[1]).toMatchObject({ field: '', line: null, column: null });
  });
});

const THREE = `<?xml version="1.0" encoding="UTF-8"?>
<ern:NewReleaseMessage xmlns:ern="http://ddex.net/xml/ern/43">
  <ResourceList>
    <SoundRecording><ResourceReference>A1</ResourceReference><Duration>PT3M</Duration></SoundRecording>
    <Image><ResourceReference>A2</ResourceReference></Image>
    <SoundRecording><ResourceReference>A3</ResourceReference></SoundRecording>
  </ResourceList>
</ern:NewReleaseMessage>`;

const meta = { label: 'test', description: 'test', sources: TEST_SOURCES, versions: 'all' as const, messages: { here: 'here {ref}' }, hint: 'none', severity: 'error' as const };

/** A rule that only asks for records (`ctx.onResource`…) in `asks`, with no handler. */
const hooksOnly = (id: string, asks: (ctx: RuleContext) => void): Parameters<typeof defineRule>[0] => ({
  id,
  stage: 'release',
  meta,
  create: (ctx) => {
    asks(ctx);
    return {};
  },
});

describe('ctx.onResource and ctx.onRelease', () => {
  it.each([true, false])('gives each release and deal as it closes, after the records before it, with its number (kept as bytes: %s)', async (store) => {
    const seen: unknown[] = [];
    const deal = (refs: string[], model: string) => `<ReleaseDeal>${refs.map((r) => `<DealReleaseReference>${r}</DealReleaseReference>`).join('')}<Deal><DealTerms><CommercialModelType>${model}</CommercialModelType></DealTerms></Deal></ReleaseDeal>`;
    const xml = THREE.replace(
      '</ResourceList>',
      `</ResourceList><ReleaseList><Release><ReleaseReference>R0</ReleaseReference></Release><TrackRelease><ReleaseReference>R1</ReleaseReference></TrackRelease></ReleaseList><DealList>${deal(['R0'], 'PayAsYouGoModel')}${deal(['R1', 'R0'], 'SubscriptionModel')}</DealList>`,
    );
    await runRules(
      xml,
      [
        hooksOnly('test-on-release', (ctx) => {
          ctx.onResource((r, n) => seen.push(['resource', n, r.reference?.value]));
          ctx.onRelease((r, n) => seen.push(['release', n, r.reference?.value, r.kind, ctx.message.releases.length, Object.getPrototypeOf(r) === Object.prototype]));
          ctx.onDeal((d, n) => seen.push(['deal', n, d.releaseReferences.map((r) => r.value), d.commercialModels, ctx.message.deals.length, Object.getPrototypeOf(d) === Object.prototype]));
        }),
      ],
      store,
    );
    expect(seen).toEqual([
      ['resource', 0, 'A1'],
      ['resource', 1, 'A2'],
      ['resource', 2, 'A3'],
      ['release', 0, 'R0', 'main', 1, true],
      ['release', 1, 'R1', 'track', 2, true],
      ['deal', 0, ['R0'], ['PayAsYouGoModel'], 1, true],
      ['deal', 1, ['R1', 'R0'], ['SubscriptionModel'], 2, true],
    ]);
  });

  it.each([true, false])('gives each resource as it closes, as objects, with its number, in order (kept as bytes: %s)', async (store) => {
    const seen: unknown[] = [];
    const { checks } = await runRules(
      THREE,
      [
        {
          id: 'test-on-resource',
          stage: 'release',
          meta,
          create: (ctx) => {
            const numbers: number[] = [];
            ctx.onResource((resource, n) => {
              // As it closes: the last of the list so far, a plain object (not yet a view of bytes).
              seen.push([n, resource.reference?.value, resource.kind, resource.duration?.value ?? null, ctx.message.resources.length, Object.getPrototypeOf(resource) === Object.prototype]);
              numbers.push(n);
            });
            return { 'Message:exit': () => numbers.forEach((n) => ctx.report({ messageId: 'here', data: { ref: ctx.message.resources.at(n)!.reference!.value } })) };
          },
        },
      ],
      store,
    );
    expect(seen).toEqual([
      [0, 'A1', 'SoundRecording', 'PT3M', 1, true],
      [1, 'A2', 'Image', null, 2, true],
      [2, 'A3', 'SoundRecording', null, 3, true],
    ]);
    expect(checks.map((c) => c.message)).toEqual(['here A1', 'here A2', 'here A3']);
  });

  it('skips a rule whose function fails, once, and goes on with the others', async () => {
    const calls: number[] = [];
    const { checks } = await runRules(
      THREE,
      [
        hooksOnly('test-failing', (ctx) =>
          ctx.onResource(() => {
            throw new Error('broken');
          }),
        ),
        hooksOnly('test-counting', (ctx) => ctx.onResource((_r, n) => calls.push(n))),
      ],
      true,
    );
    expect(calls).toEqual([0, 1, 2]);
    expect(checks).toHaveLength(1);
    expect(checks[0]).toMatchObject({ rule: 'test-failing', status: 'skipped' });
    expect(checks[0].message).toMatch(/failed internally and was skipped: broken/);
  });
});
