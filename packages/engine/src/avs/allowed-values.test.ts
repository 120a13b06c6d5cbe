import { describe, expect, it } from 'vitest';
import { avsOf } from './allowed-values.js';
import { readEnumerations, resolveValues } from './read-enumerations.js';
import { nearestValues } from './nearest.js';

describe('allowed value sets from the installed XSDs', () => {
  it('resolves the 3.8.2 CurrentTerritoryCode union (ISO + TIS + Worldwide)', async () => {
    const avs = await avsOf('3.8.2');
    const territories = avs!.get('territory')!;
    expect(territories.has('GB')).toBe(true);
    expect(territories.has('2136')).toBe(true);
    expect(territories.has('Worldwide')).toBe(true);
    expect(territories.has('worldwide')).toBe(false);
    expect(avs!.get('classifiedGenre')).toBeNull();
  });
  it('uses the _ERN lists from 4.2 on', async () => {
    const avs = await avsOf('4.3');
    expect(avs!.get('commercialModel')!.has('SubscriptionModel')).toBe(true);
    expect(avs!.get('commercialModel')!.has('AsPerContract')).toBe(false);
    expect(avs!.get('releaseType')!.has('TrackRelease')).toBe(false);
    expect(avs!.get('classifiedGenre')!.size).toBeGreaterThan(10);
  });
  it('returns null when no schema set is installed', async () => {
    const saved = process.env.DDEX_SCHEMAS_DIR;
    process.env.DDEX_SCHEMAS_DIR = '/nonexistent';
    process.env.XDG_CACHE_HOME = '/nonexistent-cache';
    try {
      expect(await avsOf('4.3', '/nonexistent-too')).toBeNull();
    } finally {
      process.env.DDEX_SCHEMAS_DIR = saved;
      delete process.env.XDG_CACHE_HOME;
    }
  });
  it('reads enumerations and unions of a small schema', () => {
    const types = readEnumerations(`<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:a="urn:a">
      <xs:simpleType name="A"><xs:restriction base="xs:string"><xs:enumeration value="x"/><xs:enumeration value="y"/></xs:restriction></xs:simpleType>
      <xs:simpleType name="B"><xs:restriction base="xs:string"><xs:enumeration value="z"/></xs:restriction></xs:simpleType>
      <xs:simpleType name="AB"><xs:union memberTypes="a:A a:B"/></xs:simpleType></xs:schema>`);
    expect(resolveValues(types, 'AB')).toEqual(['x', 'y', 'z']);
    expect(resolveValues(types, 'C')).toBeNull();
  });
  it('suggests near names', () => {
    expect(nearestValues('Subscriptionmodel', ['SubscriptionModel', 'PayAsYouGoModel'])).toEqual(['SubscriptionModel']);
  });
});
