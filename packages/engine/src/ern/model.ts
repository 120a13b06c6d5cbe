/**
 * The normalized model of one ERN message, the same for ERN 3.x and 4.x. The readers in this
 * folder fill it from the event stream; rules read it at message end. Every element that can
 * carry a finding keeps its location (a `Located` value, or a record's `loc`, a number read through
 * `locations`) so cross-reference rules point at the XML.
 */
import type { Position } from '../xml/events.js';
import type { StoredList } from './stored-list.js';
import type { LocId, Locations } from '../xml/loc-table.js';

export type ErnVersion = '3.7' | '3.8' | '3.8.1' | '3.8.2' | '4.1' | '4.2' | '4.3';
export type ErnFamily = '3' | '4';

/**
 * A list of the model's records: an array when the message is kept as objects, a `RecordList`
 * (record-list.ts) when it is kept as bytes, which makes a record's view when it is read. Both
 * have these methods; read a record by `at(i)`, and compare records by anchor or number, not by
 * identity (two reads of one stored record are two views).
 */
export interface Records<T> extends Iterable<T> {
  readonly length: number;
  at(i: number): T | undefined;
  push(item: T): number;
  filter(predicate: (value: T, index: number) => unknown): T[];
  map<U>(fn: (value: T, index: number) => U): U[];
  flatMap<U>(fn: (value: T, index: number) => U | readonly U[]): U[];
  find(predicate: (value: T, index: number) => unknown): T | undefined;
  some(predicate: (value: T, index: number) => unknown): boolean;
  every(predicate: (value: T, index: number) => unknown): boolean;
  forEach(fn: (value: T, index: number) => void): void;
}

/** A value with where it was read. */
export interface Located<T = string> extends Position {
  value: T;
  /** DDEX path of the element holding the value. */
  path: string;
}

export interface MessageHeader {
  messageId: Located | null;
  threadId: string | null;
  sender: { partyIds: string[]; name: string | null } | null;
  recipients: { partyIds: string[]; name: string | null }[];
  createdDateTime: Located | null;
  controlType: string | null;
  /** 3.x `UpdateIndicator` (OriginalMessage / UpdateMessage); null in 4.x. */
  updateIndicator: string | null;
}

export interface Title {
  text: string;
  subTitle: string | null;
  /** 3.x `@TitleType`, 4.x 'DisplayTitle' / AdditionalTitle `@TitleType`, 'ReferenceTitle', 'DisplayTitleText'. */
  type: string | null;
  territory: string | null;
  language: string | null;
}

export interface ArtistRef {
  /** Resolved display name (4.x: through the party list at message end). */
  name: string | null;
  /** 4.x `ArtistPartyReference`; null in 3.x. */
  partyReference: string | null;
  partyIds: string[];
  roles: string[];
  sequence: number | null;
  loc: LocId;
}

export interface PcLine {
  kind: 'P' | 'C';
  year: number | null;
  company: string | null;
  text: string;
  loc: LocId;
}

export interface Genre {
  text: string | null;
  subGenre: string | null;
  /** 4.2+ `GenreCategory/Value` (AVS ClassifiedGenre). */
  category: string | null;
  subCategory: string | null;
  territory: string | null;
  loc: LocId;
}

export interface TrackEntry {
  resourceReference: Located;
  sequence: number | null;
  /** Nesting of ResourceGroups (disc / side), 1-based sequence numbers of the enclosing groups. */
  groupPath: number[];
  /** 4.x LinkedReleaseResourceReference (e.g. cover art of a track). */
  linked: string[];
}

export interface ReleaseIds {
  icpn: Located | null;
  icpnIsEan: boolean | null;
  grid: Located | null;
  isrc: Located | null;
  catalogNumber: Located | null;
  proprietary: { namespace: string | null; value: string }[];
}

export interface Release {
  reference: Located | null;
  /** `main` for the 4.x Release or a 3.x release flagged IsMainRelease, `track` for 4.x TrackRelease / 3.x TrackRelease type, `clip` for 4.3 ClipRelease, else `other`. */
  kind: 'main' | 'track' | 'clip' | 'other';
  isMainRelease: boolean | null;
  types: string[];
  ids: ReleaseIds;
  titles: Title[];
  displayArtistNames: string[];
  displayArtists: ArtistRef[];
  /** 3.x LabelName text; 4.x label names resolved from ReleaseLabelReference. */
  labels: string[];
  labelReferences: string[];
  genres: Genre[];
  pLines: PcLine[];
  cLines: PcLine[];
  releaseDate: Located | null;
  originalReleaseDate: Located | null;
  parentalWarnings: string[];
  /** ReleaseResourceReferenceList (3.x) or TrackRelease/ReleaseResourceReference (4.x). */
  resourceReferences: Located[];
  /** Ordered content of the ResourceGroups; a long one (an album of a catalog message) kept as bytes when the model is (`StoredList`): iterate it. */
  tracks: TrackEntry[] | StoredList<TrackEntry>;
  /** 4.x `ResourceGroup/LinkedReleaseResourceReference` outside content items (e.g. the release's front cover). */
  linkedResourceReferences?: Located[];
  duration: string | null;
  /** 3.x ReleaseDetailsByTerritory territory codes (included / excluded); empty in 4.x. */
  territories: { included: string[]; excluded: string[] }[];
  languages: string[];
  /** Where the release element starts. */
  loc: LocId;
}

export type ResourceKind = 'SoundRecording' | 'Video' | 'Image' | 'Text' | 'SheetMusic' | 'Software' | 'MIDI' | 'UserDefinedResource';

export interface HashSum {
  /** As written: `MD5`, `SHA1`, `SHA-256`, `SHA256`, ... */
  algorithm: string;
  value: string;
  loc: LocId;
}

export interface ResourceFile {
  /** The reference as written: URI, FilePath + FileName joined with '/', or URL. */
  uri: string;
  /** 3.x FileName, when given apart. */
  fileName: string | null;
  /** 3.x FilePath, when given apart. */
  filePath: string | null;
  hash: HashSum | null;
  declaredSize: number | null;
  loc: LocId;
}

export interface TechnicalDetails {
  codec: string | null;
  container: string | null;
  numberOfChannels: number | null;
  samplingRate: { value: number; unit: string | null } | null;
  bitsPerSample: number | null;
  bitRate: { value: number; unit: string | null } | null;
  duration: string | null;
  imageWidth: number | null;
  imageHeight: number | null;
  imageResolution: number | null;
  videoWidth: number | null;
  videoHeight: number | null;
  frameRate: number | null;
  isClip: boolean | null;
  /** NumberOfChannels as written (4.3 makes it an xs:string; `numberOfChannels` is null when it is not an integer). */
  numberOfChannelsText?: string | null;
  /** TechnicalResourceDetailsReference (`T1`). */
  reference?: string | null;
  files: ResourceFile[];
  loc: LocId;
}

export interface Resource {
  kind: ResourceKind;
  reference: Located | null;
  /** 3.x SoundRecordingType / ImageType / ...; 4.x Type. */
  type: string | null;
  isrc: Located | null;
  proprietaryIds: { namespace: string | null; value: string }[];
  titles: Title[];
  displayArtistNames: string[];
  displayArtists: ArtistRef[];
  /** xs:duration as written (`PT3M20S`). */
  duration: Located | null;
  pLines: PcLine[];
  /** C-lines (images, texts, sheet music, software). */
  cLines?: PcLine[];
  /** ISWCs of the underlying works (3.x `Indirect<X>Id/ISWC`, 4.x `WorkId/ISWC`). */
  iswcs?: Located[];
  parentalWarnings: string[];
  languages: string[];
  genres: Genre[];
  technical: TechnicalDetails[];
  loc: LocId;
}

export interface ValidityPeriod {
  start: string | null;
  end: string | null;
  loc: LocId;
}

/** An amount of `DealTerms/PriceInformation` (WholesalePricePerUnit, SuggestedRetailPrice). */
export interface PriceAmount {
  amount: string;
  currency: string | null;
}

/** `DealTerms/PriceInformation`: a price tier code (3.x PriceType, 4.x PriceCode), a range type, amounts. */
export interface Price {
  code: string | null;
  range: string | null;
  wholesale: PriceAmount | null;
  retail: PriceAmount | null;
}

export interface Deal {
  /** Release references this deal applies to (ReleaseDeal/DealReleaseReference). */
  releaseReferences: Located[];
  commercialModels: string[];
  useTypes: string[];
  distributionChannels: string[];
  territories: Located[];
  excludedTerritories: Located[];
  validity: ValidityPeriod[];
  takeDown: boolean;
  allDealsCancelled: boolean;
  isPreOrder: boolean | null;
  preOrderReleaseDate: string | null;
  /** 3.x ReleaseDeal/EffectiveDate. */
  effectiveDate: string | null;
  /** `PriceInformation`s; null when the deal has none (most catalog deals: nothing stored for them). */
  prices: Price[] | null;
  loc: LocId;
}

export interface Party {
  reference: Located;
  names: string[];
  isni: string | null;
  dpid: string | null;
  ipi: string | null;
  proprietaryIds: { namespace: string | null; value: string }[];
  loc: LocId;
}

/** A list that grows and is read in order: an array, or the reader's list kept as bytes. */
export interface ReferenceList extends Iterable<Reference> {
  readonly length: number;
  push(reference: Reference): number;
}

/** A reference from one part of the message to another, checked at message end. */
export interface Reference extends Located {
  target: 'release' | 'resource' | 'party' | 'deal' | 'visibility';
}

export interface ErnMessage {
  version: ErnVersion;
  family: ErnFamily;
  /** NewReleaseMessage, PurgeReleaseMessage or CatalogListMessage. */
  root: string;
  /** MessageSchemaVersionId as written, null when absent (normal for 4.x). */
  declaredVersion: Located | null;
  avsVersionId: string | null;
  releaseProfile: string | null;
  /** 4.x `ReleaseProfileVariantVersionId` (BoxedSet, Classical...). */
  releaseProfileVariant?: string | null;
  /** 3.x `BusinessProfileVersionId`. */
  businessProfile?: string | null;
  languageAndScriptCode: string | null;
  header: MessageHeader;
  releases: Records<Release>;
  resources: Records<Resource>;
  deals: Records<Deal>;
  parties: Records<Party>;
  /**
   * The references to a release, a resource or a party (ResourceReference in releases,
   * DealReleaseReference, party references...) that no record before them declared, in order. The
   * reader resolves each reference as it reads it, against the records closed so far (the
   * message's index, filled as they close): in the schema's order every list comes before the
   * lists that refer to it, so a valid message keeps none. What is kept, a reference forward or to
   * nothing, is checked at message end against every record (release-reference-resolves).
   * References of other kinds (deal visibility) are not kept.
   */
  unresolvedReferences: ReferenceList;
  /** 4.2+ `DealList/ReleaseVisibility/VisibilityReference` and `TrackReleaseVisibility/VisibilityReference` anchors (targets of `visibility` references). */
  visibilityReferences?: Located[];
  /** Where the records' `loc` fields are: read one with `locations.loc(record.loc)` (xml/loc-table.ts). */
  locations: Locations;
  /** PurgeReleaseMessage/PurgedRelease: the identifiers of the releases to remove. */
  purgedReleases: { ids: ReleaseIds; titles: Title[]; loc: LocId }[];
}
