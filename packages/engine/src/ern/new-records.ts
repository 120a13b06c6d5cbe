/** Empty model records, filled by the readers as elements close. */
import type { OpenElement } from '../xml/events.js';
import type { RootInfo } from '../xml/pass.js';
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
    isMainRelease: toBool(el.attrs.IsMainRelease),
    types: [],
    ids: emptyReleaseIds(),
    titles: [],
    displayArtistNames: [],
    displayArtists: [],
    labels: [],
    labelReferences: [],
    genres: [],
    pLines: [],
    cLines: [],
    releaseDate: null,
    originalReleaseDate: null,
    parentalWarnings: [],
    resourceReferences: [],
    tracks: [],
    duration: null,
    territories: [],
    languages: [],
    loc: locOf(el, d),
  };
}

export function emptyResource(el: OpenElement, kind: ResourceKind, d: Dispatcher): Resource {
  return {
    kind,
    reference: null,
    type: null,
    isrc: null,
    proprietaryIds: [],
    titles: [],
    displayArtistNames: [],
    displayArtists: [],
    duration: null,
    pLines: [],
    cLines: [],
    iswcs: [],
    parentalWarnings: [],
    languages: [],
    genres: [],
    technical: [],
    loc: locOf(el, d),
  };
}
