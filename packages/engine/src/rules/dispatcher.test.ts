import { describe, expect, it } from 'vitest';
import { Readable } from 'node:stream';
import { runMessagePass } from '../xml/pass.js';
import { createErnReader } from '../ern/reader.js';
import { versionOfNamespace } from '../xml/version.js';
import { DEFAULT_PROFILE } from '../profile/default.js';
import type { LocId } from '../xml/loc-table.js';
import type { ErnMessage } from '../ern/model.js';
import { defineRule, type ReportDescriptor } from './define.js';
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
  const rule = defineRule({
    id: 'test-location-numbers',
    stage: 'metadata',
    meta: { label: 'test', description: 'test', versions: 'all', messages: { here: 'here' }, hint: 'none', severity: 'error' },
    create: (ctx) => ({
      'ReleaseId/ICPN': () => ctx.report(reports.streaming(ctx.message)),
      'Message:exit': () => ctx.report(reports.atEnd(ctx.message)),
    }),
  });
  let reader: ReturnType<typeof createErnReader> | null = null;
  let dispatcher: RuleDispatcher | null = null;
  await runMessagePass(
    Readable.from([Buffer.from(XML)]),
    (root) => {
      const version = versionOfNamespace(root.ns)!;
      reader = createErnReader({ version, root, store: false });
      const message = reader.message;
      dispatcher = new RuleDispatcher([{ rule, severity: 'error', options: {} }], { file: 'm.xml', message: () => message, profile: DEFAULT_PROFILE, catalog: null }, version);
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
