import { describe, expect, it, vi } from 'vitest';
import { attributeByPath } from './attribute.js';
import type { Check } from './types.js';
import type { ErnMessage } from '../ern/model.js';
import { readXml } from '../ern/testing/read-message.js';

/** A check located by path only, as the schema validator makes them. */
const located = (field: string, file = 'm.xml'): Check => ({ stage: 'xml', rule: 'xml-schema-valid', label: 'Schema', status: 'error', message: 'x', field, line: 1, column: 1, file, release: null, hint: '' });

/** What the checks get by the plain definition: maps of every record's path to its reference. */
function byDefinition(m: ErnMessage, fields: string[]): { release: string | null; resource: string | null }[] {
  const releases = new Map(m.releases.filter((r) => r.reference).map((r) => [m.locations.loc(r.loc).path, r.reference!.value]));
  const resources = new Map(m.resources.filter((r) => r.reference).map((r) => [m.locations.loc(r.loc).path, r.reference!.value]));
  return fields.map((field) => {
    const item = field.split('/').slice(0, 4).join('/');
    return { release: releases.get(item) ?? null, resource: resources.get(item) ?? null };
  });
}

describe('attributeByPath', () => {
  const recording = (ref: string) => `<SoundRecording><ResourceReference>${ref}</ResourceReference><Type>MusicalWorkSoundRecording</Type></SoundRecording>`;
  const xml =
    `<ern:NewReleaseMessage xmlns:ern="http://ddex.net/xml/ern/43"><ResourceList>${recording('A1')}<Image><ResourceReference>A2</ResourceReference></Image>${recording('A3')}</ResourceList>` +
    `<ReleaseList><Release><ReleaseReference>R0</ReleaseReference></Release><TrackRelease><ReleaseReference>R1</ReleaseReference></TrackRelease><TrackRelease/></ReleaseList>` +
    `<ReleaseList><Release><ReleaseReference>R9</ReleaseReference></Release></ReleaseList>` +
    `<DealList><ReleaseDeal><DealReleaseReference>R0</DealReleaseReference><Deal/></ReleaseDeal></DealList></ern:NewReleaseMessage>`;
  const fields = [
    '/NewReleaseMessage/ResourceList/SoundRecording[2]/Type',
    '/NewReleaseMessage/ResourceList/Image/ResourceReference',
    '/NewReleaseMessage/ReleaseList/TrackRelease/ReleaseReference',
    '/NewReleaseMessage/ReleaseList/TrackRelease[2]',
    '/NewReleaseMessage/ReleaseList[2]/Release/ReleaseReference',
    '/NewReleaseMessage/DealList/ReleaseDeal/Deal',
    '/NewReleaseMessage/ReleaseList/Release[7]',
  ];

  it.each([true, false])('gives each check the release and resource its path is in, as maps of every record\'s path do (kept as bytes: %s)', async (store) => {
    const { message: m } = await readXml(xml, undefined, store);
    const checks = fields.map((f) => located(f));
    // A check of another file, and one with its release known, are left as they are.
    const other = located(fields[0], 'other.xml');
    const known = { ...located(fields[2]), release: 'R5' };
    attributeByPath([...checks, other, known], m, 'm.xml');
    expect(checks.map((c) => ({ release: c.release, resource: c.resource ?? null }))).toEqual(byDefinition(m, fields));
    expect(checks.map((c) => c.release ?? c.resource ?? null)).toEqual(['A3', 'A2', 'R1', null, 'R9', null, null]);
    expect([other.release, other.resource, known.release]).toEqual([null, undefined, 'R5']);
  });

  it.each([true, false])('reads no resource for checks that name theirs, and still finds the release of one in a release (kept as bytes: %s)', async (store) => {
    const { message: m } = await readXml(xml, undefined, store);
    // Findings of rules on resources name the resource; a resource's path is in no release.
    const onResources = [{ ...located(fields[0]), resource: 'A3' }, { ...located('/NewReleaseMessage/ResourceList/SoundRecording/Duration'), resource: 'A1' }];
    const inRelease = { ...located(fields[2]), resource: 'A1' };
    const read = vi.spyOn(m.resources, 'at');
    attributeByPath([...onResources, inRelease], m, 'm.xml');
    // Only the first record, for the name of the list it is in.
    expect(read.mock.calls.map(([i]) => i)).toEqual([0]);
    expect(onResources.map((c) => [c.release, c.resource])).toEqual([
      [null, 'A3'],
      [null, 'A1'],
    ]);
    expect([inRelease.release, inRelease.resource]).toEqual(['R1', 'A1']);
  });
});
