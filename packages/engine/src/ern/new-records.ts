/**
 * Empty model records, filled by the readers as elements close. Their keys are in the order that
 * a record kept as bytes stores its fields (record-store.ts), which a read of one field skips up
 * to: the fields the rules read most at message end come first (at 104 MB, a resource's ISRC is
 * read 373,000 times, its duration 249,000, its languages never), which took the skips from 10.9
 * to 6.4 million and the rules at message end from 1.26 to 1.16 s at 326 MB.
 */
import type { OpenElement } from '../xml/events.js';
import type { RootInfo } from '../xml/pass-types.js';
import type { ErnMessage, ErnVersion, Release, Resource, ResourceKind } from './model.js';
import { emptyHeader } from './header.js';
import { emptyReleaseIds } from './release-ids.js';
import { locOf, toBool } from './values.js';
import type { Dispatcher } from './dispatch.js';
import { LocTable } from '../xml/loc-table.js';

export function emptyMessage(version: ErnVersion, root: RootInfo, locations = new LocTable()): ErnMessage {
  const rootPath = '/' + root.name;
  const declared = root.attrs.MessageSchemaVersionId;
  return {
    version,
    family: version.startsWith('4') ? '4' : '3',
    root: root.name,
    declaredVersion: declared !== undefined ? { value: declared, path: rootPath, line: root.line, column: root.column } : null,
    avsVersionId: root.attrs.AvsVersionId ?? null,
    releaseProfile: root.attrs.ReleaseProfileVersionId ?? null,
    releaseProfileVariant: root.attrs.ReleaseProfileVariantVersionId ?? null,
    businessProfile: root.attrs.BusinessProfileVersionId ?? null,
    languageAndScriptCode: root.attrs.LanguageAndScriptCode ?? null,
    header: emptyHeader(),
    releases: [],
    resources: [],
    deals: [],
    parties: [],
    unresolvedReferences: [],
    locations,
    purgedReleases: [],
  };
}

export function emptyRelease(el: OpenElement, kind: Release['kind'], d: Dispatcher): Release {
  return {
    reference: null,
    kind,
    releaseDate: null,
    tracks: [],
    originalReleaseDate: null,
    pLines: [],
    cLines: [],
    ids: emptyReleaseIds(),
    genres: [],
    titles: [],
    displayArtistNames: [],
    displayArtists: [],
    loc: locOf(el, d),
    isMainRelease: toBool(el.attrs.IsMainRelease),
    types: [],
    labels: [],
    labelReferences: [],
    parentalWarnings: [],
    resourceReferences: [],
    duration: null,
    territories: [],
    languages: [],
  };
}

export function emptyResource(el: OpenElement, kind: ResourceKind, d: Dispatcher): Resource {
  return {
    kind,
    isrc: null,
    duration: null,
    reference: null,
    titles: [],
    parentalWarnings: [],
    type: null,
    pLines: [],
    cLines: [],
    genres: [],
    displayArtistNames: [],
    displayArtists: [],
    loc: locOf(el, d),
    proprietaryIds: [],
    iswcs: [],
    languages: [],
    technical: [],
  };
}
