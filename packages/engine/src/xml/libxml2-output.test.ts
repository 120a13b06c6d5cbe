import { describe, expect, it } from 'vitest';
import { parseXmllintOutput } from './libxml2-output.js';

describe('parseXmllintOutput', () => {
  it('reads the xmllint-wasm spelling and names the element', () => {
    const out = [
      "message.xml:2: Schemas validity error : Element '{http://ddex.net/xml/ern/43}NewReleaseMessage': The attribute 'AvsVersionId' is required but missing.",
      "message.xml:8: Schemas validity error : Element 'PartyName': Missing child element(s). Expected is ( FullName ).",
      'message.xml fails to validate',
      '',
    ].join('\n');
    expect(parseXmllintOutput(out, 'message.xml')).toEqual([
      {
        message: "Element '{http://ddex.net/xml/ern/43}NewReleaseMessage': The attribute 'AvsVersionId' is required but missing.",
        line: 2,
        element: 'NewReleaseMessage',
        kind: 'validity',
      },
      { message: "Element 'PartyName': Missing child element(s). Expected is ( FullName ).", line: 8, element: 'PartyName', kind: 'validity' },
    ]);
  });

  it('reads the native spelling with the element prefix', () => {
    const out = "message.xml:8: element PartyName: Schemas validity error : Element 'PartyName': Character content other than whitespace is not allowed because the content type is 'element-only'.\n";
    expect(parseXmllintOutput(out, 'message.xml')).toEqual([
      {
        message: "Element 'PartyName': Character content other than whitespace is not allowed because the content type is 'element-only'.",
        line: 8,
        element: 'PartyName',
        kind: 'validity',
      },
    ]);
  });

  it('drops parser context lines, repeated errors, warnings and other files', () => {
    const out = [
      "message.xml:157: parser error : expected '>'",
      '\t\t</SoundRecordin',
      '\t\t               ^',
      "message.xml:157: parser error : expected '>'",
      '\t\t</SoundRecordin',
      'message.xml:3: namespace warning : xmlns: URI foo is not absolute',
      "release-notification.xsd:12: element import: Schemas parser error : Failed to locate a schema at location 'x'.",
      'Entity: line 1: ',
    ].join('\n');
    expect(parseXmllintOutput(out, 'message.xml')).toEqual([{ message: "XML parser error: expected '>'", line: 157, element: '', kind: 'parser' }]);
  });

  it('keeps an unknown located line as is', () => {
    expect(parseXmllintOutput('message.xml:4: something odd happened\n', 'message.xml')).toEqual([
      { message: 'something odd happened', line: 4, element: '', kind: 'other' },
    ]);
  });
});
