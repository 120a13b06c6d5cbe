/**
 * Where a rule comes from, machine-readable (`meta.sources`): the published documents a rule's
 * folder cites, built with these constructors so that one DDEX document is always named and linked
 * the same way. The README's source line, docs/rules.md, SARIF and `ddex-check rules` are
 * generated from them (scripts/gen-rule-docs.mjs).
 */

/**
 * - `xsd`: an element or type of a DDEX XML Schema (ERN message, ERN-C manifest);
 * - `ddex-avs`: a DDEX allowed-value set;
 * - `ddex-profile`: a DDEX Release or Business Profile clause, rule or Schematron assertion;
 * - `ddex-choreography`: the ERN choreography (batches, manifests, updates);
 * - `iso`: an ISO or ISO/IEC standard (ISRC, ISWC, ISNI, ISO 8601, ISO 3166, ISO 639 …);
 * - `spec`: another published specification (W3C XML, GS1, IETF, EBU, a file format);
 * - `store`: a store's public delivery page (as cited by its store profile in `stores/`);
 * - `service`: the service's own choice; `ref` says what was decided and why.
 */
export type RuleSourceKind = 'xsd' | 'ddex-avs' | 'ddex-profile' | 'ddex-choreography' | 'iso' | 'spec' | 'store' | 'service';

export interface RuleSource {
  kind: RuleSourceKind;
  /** What exactly is cited: element path, list name, clause and rule number, standard number. */
  ref: string;
  /** The published page; a `service` source has none (its `ref` is the reason). */
  url?: string;
}

/** DDEX's published ERN schemas (the `schemaLocation` DDEX messages name). */
export const ERN_XSD_URL = {
  '4.3': 'http://service.ddex.net/xml/ern/43/release-notification.xsd',
  '4.2': 'http://service.ddex.net/xml/ern/42/release-notification.xsd',
  '3.8.2': 'http://service.ddex.net/xml/ern/382/release-notification.xsd',
} as const;

const AVS_URL = 'https://kb.ddex.net/reference-material/current-allowed-value-sets';
/** Release Profiles for Common Release Types for ERN-4, version 2.1 (DDEX Knowledge Base). */
const RELEASE_PROFILE_21_URL = 'https://kb.ddex.net/pages/viewpage.action?pageId=10486276';
/** The DDEX page mapping Release and Business Profile versions (1.x for ERN 3) to ERN versions. */
const PROFILES_URL = 'https://kb.ddex.net/implementing-each-standard/best-practices-for-all-ddex-standards/general-guidance-on-messages/which-release-profile-for-which-ern-version';
/** DDEX's Release Delivery page: the ERN standard, Release and Business Profiles (Common Deal Types) by version. */
const RELEASE_DELIVERY_URL = 'http://ddex.net/release-delivery-0';
const ERN_KB_URL = 'https://kb.ddex.net/implementing-each-standard/electronic-release-notification-message-suite-(ern)/';
const CHOREOGRAPHY_URL = 'https://kb.ddex.net/display/ECHO17FTP/8.1+Choreography';
const SFTP_SERVER_URL = 'https://kb.ddex.net/display/ECHO17FTP/8.3+SFTP+Server+Organisation';
const MANIFEST_URL = 'http://ddex.net/dd/ECHO17/dd/ern-c-sftp_ManifestMessage.html';

/** An element, attribute or type of an ERN XSD: `xsd('4.3', 'ReleaseId/ICPN')`. */
export function xsd(version: keyof typeof ERN_XSD_URL, path: string): RuleSource {
  return { kind: 'xsd', ref: `ERN ${version} release-notification.xsd: ${path}`, url: ERN_XSD_URL[version] };
}

/** An element of the ERN-C SFTP 1.6/1.7 manifest schema. */
export function manifestXsd(path: string): RuleSource {
  return { kind: 'xsd', ref: `ERN-C SFTP ern-choreography-sftp.xsd: ${path}`, url: MANIFEST_URL };
}

/** A DDEX allowed-value set by its name (`ReleaseType`). */
export function avs(list: string): RuleSource {
  return { kind: 'ddex-avs', ref: `DDEX AVS ${list}`, url: AVS_URL };
}

/** A clause or rule of the Release Profiles for Common Release Types for ERN-4, version 2.1. */
export function releaseProfile21(clause: string): RuleSource {
  return { kind: 'ddex-profile', ref: `DDEX Release Profiles 2.1 (ERN 4), ${clause}`, url: RELEASE_PROFILE_21_URL };
}

/** A clause or Schematron file of the Release or Business Profiles 1.4 (ERN 3). */
export function profile14(clause: string): RuleSource {
  return { kind: 'ddex-profile', ref: `DDEX Release/Business Profiles 1.4 (ERN 3), ${clause}`, url: PROFILES_URL };
}

/** The Common Deal Types (Business Profile) standard. */
export function dealTypes(clause: string): RuleSource {
  return { kind: 'ddex-profile', ref: `DDEX Business Profiles: Common Deal Types 1.4, ${clause}`, url: RELEASE_DELIVERY_URL };
}

/** ERN Part 1 (Message Definition) beyond one element: the message suite's own rules. */
export function ernMessageSuite(clause: string): RuleSource {
  return { kind: 'ddex-profile', ref: `DDEX ERN Message Suite (Part 1, Message Definition), ${clause}`, url: ERN_KB_URL };
}

/** The ERN Choreography (ERN-C) for SFTP: batches, their folders and manifests. */
export function choreography(clause: string, page: 'choreography' | 'server' = 'choreography'): RuleSource {
  return { kind: 'ddex-choreography', ref: `DDEX ERN Choreography (ERN-C) for SFTP 1.7, ${clause}`, url: page === 'server' ? SFTP_SERVER_URL : CHOREOGRAPHY_URL };
}

const ISO_URL = {
  'ISO 8601': 'https://www.iso.org/iso-8601-date-and-time-format.html',
  'ISO 3166': 'https://www.iso.org/iso-3166-country-codes.html',
  'ISO 639': 'https://www.iso.org/iso-639-language-code',
  'ISO 3901 (ISRC)': 'https://isrc.ifpi.org/',
  'ISO 15707 (ISWC)': 'https://www.iswc.org/',
  'ISO 27729 (ISNI)': 'https://isni.org/',
} as const;

/** An ISO standard, linked to ISO's page or its registration authority's. */
export function iso(standard: keyof typeof ISO_URL, detail?: string): RuleSource {
  return { kind: 'iso', ref: detail ? `${standard}: ${detail}` : standard, url: ISO_URL[standard] };
}

const SPEC_URL = {
  'W3C XML 1.0': 'https://www.w3.org/TR/xml/',
  'GS1 General Specifications (GTIN)': 'https://www.gs1.org/standards/id-keys/gtin',
  'IETF BCP 47': 'https://www.rfc-editor.org/info/bcp47',
  'EBU R 128': 'https://tech.ebu.ch/publications/r128',
  'FLAC format': 'https://xiph.org/flac/format.html',
  'JPEG (ITU-T T.81)': 'https://www.w3.org/Graphics/JPEG/itu-t81.pdf',
  'PNG (W3C)': 'https://www.w3.org/TR/png/',
} as const;

/** A published specification that is neither DDEX's nor ISO's. */
export function spec(name: keyof typeof SPEC_URL, detail?: string): RuleSource {
  return { kind: 'spec', ref: detail ? `${name}: ${detail}` : name, url: SPEC_URL[name] };
}

/** Store pages the store profiles (`stores/`) cite, with the date they were read. */
export const STORE_PAGE = {
  spotifyGettingStarted: { title: 'Spotify Provider Support, Step 1 : Getting Started', url: 'https://providersupport.spotify.com/article/step-1-getting-startedd' },
  spotifyTestDeliveries: { title: 'Spotify Provider Support, Step 3: Sending your test deliveries', url: 'https://providersupport.spotify.com/article/step-3-sending-your-test-deliveries' },
  spotifyFiles: { title: 'Spotify Content Operations, [MUSIC] I have a question about specific audio and/or artwork files', url: 'https://content-ops.atspotify.com/hc/en-us/articles/360050809271--MUSIC-I-have-a-question-about-specific-audio-and-or-artwork-files' },
  tiktokRejected: { title: 'SoundOn (TikTok) FAQ: my release was disapproved/rejected', url: 'https://soundon.global/knowledge/faq?group=moderation_guidelines&lang=pt-BR&question=my_release_was_disapproved_rejected' },
  tiktokAudio: { title: 'SoundOn (TikTok), Quais são os requisitos para meus arquivos de áudio?', url: 'https://soundon.global/knowledge/article/what-are-the-requirements-for-my-audio-files?lang=pt-BR' },
  youtubeFeed: { title: 'YouTube Help, DDEX feed requirements (answer 3503737)', url: 'https://support.google.com/youtube/answer/3503737' },
  youtubeHeader: { title: 'YouTube Help, Message Header (answer 3505274)', url: 'https://support.google.com/youtube/answer/3505274' },
  youtubeResources: { title: 'YouTube Help, Resource List (answer 3506094)', url: 'https://support.google.com/youtube/answer/3506094' },
  youtubeReleases: { title: 'YouTube Help, Release List (answer 3506114)', url: 'https://support.google.com/youtube/answer/3506114' },
} as const;

/** A store's published requirement: `store('spotifyFiles', 'WAV format code 0x0001')`. */
export function store(page: keyof typeof STORE_PAGE, what: string, read = '2026-11-25'): RuleSource {
  const { title, url } = STORE_PAGE[page];
  return { kind: 'store', ref: `${title} (read ${read}): ${what}`, url };
}

/** The service's own decision, and why. */
export function service(decision: string): RuleSource {
  return { kind: 'service', ref: decision };
}

const URL_OK = /^https?:\/\/[^\s]+$/;

/** Problems of a rule's sources (none, an empty ref, a missing or malformed url), for defineRule and the generators. */
export function sourceProblems(sources: readonly RuleSource[] | undefined): string[] {
  if (!sources || sources.length === 0) return ['has no sources (meta.sources): cite the DDEX clause, standard, store page or service decision it enforces'];
  const problems: string[] = [];
  for (const [i, s] of sources.entries()) {
    if (!s.ref?.trim()) problems.push(`source ${i + 1} has an empty ref`);
    if (s.kind !== 'service' && !(s.url && URL_OK.test(s.url))) problems.push(`source ${i + 1} (${s.kind}) needs an http(s) url`);
    if (s.kind === 'service' && s.url !== undefined && !URL_OK.test(s.url)) problems.push(`source ${i + 1} has a malformed url`);
  }
  return problems;
}
