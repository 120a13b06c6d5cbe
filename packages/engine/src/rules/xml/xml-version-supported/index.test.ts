import { describe, expect, it } from 'vitest';
import { baseMessage, runRule } from '../../testing/rule-tester.js';
import { expectFindings } from '../../testing/pin.js';

const rewrite = (ns: string) => baseMessage('4.3').replace('http://ddex.net/xml/ern/43', ns);

describe('xml-version-supported', () => {
  it.each(['4.3', '3.8.2'] as const)('passes ERN %s', async (version) => {
    const run = await runRule('xml-version-supported', { version });
    expect(run.findings).toEqual([]);
    expect(run.all.map((c) => c.status)).toEqual(['pass']);
  });

  it.each([
    ['ERN 3.4.1', rewrite('http://ddex.net/xml/ern/341'), 'unsupported', /3\.4\.1.*not accepted/],
    ['ERN 4.3.2', rewrite('http://ddex.net/xml/ern/432'), 'unsupported', /4\.3\.2/],
    ['another namespace', rewrite('urn:example:not-ddex'), 'notErn', /not an ERN message/],
    ['a draft of 3.7', rewrite('http://ddex.net/xml/ern/37D2'), 'draft', /^ERN 3\.7 draft D2 \("http:\/\/ddex\.net\/xml\/ern\/37D2"\) is a draft/],
    ['ERN 3.1.2', rewrite('http://ddex.net/xml/2010/ern-main/312'), 'tooOld', /^ERN 3\.1\.2 .* is too old/],
    ['ERN 3.3', rewrite('http://ddex.net/xml/2011/ern-main/33'), 'tooOld', /^ERN 3\.3 .* is too old/],
    ['ERN-Simple 1.0.2', rewrite('http://ddex.net/xml/2009/ern-simple/102'), 'tooOld', /^ERN-Simple 1\.0\.2 .* is too old/],
    ['no namespace', '<NewReleaseMessage><MessageHeader/></NewReleaseMessage>', 'noNamespace', /no ERN namespace/],
    ['a manifest', '<ManifestMessage xmlns="http://ddex.net/xml/2011/echo/12"/>', 'notErn', /ManifestMessage/],
  ])('rejects %s', async (_, xml, messageId, text) => {
    const run = await runRule('xml-version-supported', { version: '4.3', xml });
    // On the root element, whose namespace names the version.
    const root = /<[\w:]*(NewReleaseMessage|ManifestMessage)/.exec(xml)!;
    expectFindings(run, run.xml, [{ id: messageId, at: root[0], path: `/${root[1]}` }]);
    expect(run.findings[0].status).toBe('error');
    expect(run.findings[0].message).toMatch(text);
  });
});
