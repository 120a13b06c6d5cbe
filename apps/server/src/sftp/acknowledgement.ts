/**
 * The DDEX acknowledgement of one message of a `/production` batch: an `FtpAcknowledgementMessage`
 * of the ERN choreography standard's SFTP profile (namespace `ern-c-sftp/16`, schema
 * `ern-c-sftp-1.6/ern-choreography-sftp.xsd`), as the text of `ACK_<message name>.xml`. Elements in
 * the schema's order; values from its allowed value sets (`avs:ErncFileStatus`,
 * `avs:ErncProposedActionType`). The message has no place for the acknowledged file's name or hash:
 * the ACK file's name, beside the message, says which file it answers.
 */

export const ACK_NAMESPACE = 'http://ddex.net/xml/ern-c-sftp/16';
export const ACK_MESSAGE_VERSION = '1.6';

/** `avs:ErncFileStatus` (1.6). */
export const FILE_STATUSES = [
  'ArtistRoleUnknown',
  'CommercialReleaseDateInvalid',
  'ConflictingAvailabilityPeriods',
  'DuplicatedPublisherNames',
  'ErnMissing',
  'FileOK',
  'IdentifierInvalid',
  'IdentifierSyntaxInvalid',
  'InternalError',
  'MetadataMissing',
  'NewReleaseMessageInvalid',
  'NoDealForTrackRelease',
  'NoDealInNewReleaseMessage',
  'OriginalReleaseDateLaterThanReleaseDate',
  'PrimaryArtistNameMissing',
  'ResourceCorrupt',
  'ResourceMissing',
  'ResourceNotMeetingSpecifications',
  'SignatureOrHashSumWrongOrMissing',
  'UnsupportedUsage',
  'UserDefined',
] as const;
export type FileStatus = (typeof FILE_STATUSES)[number];

/** `avs:ErncProposedActionType` (1.6). */
export type ProposedAction = 'ResendXmlOnly' | 'ResendXmlAndResources';

/** A `MessagingParty`: at least one PartyId (a DPID when `namespace` is absent, else a proprietary id). */
export interface Party {
  ids: { value: string; namespace?: string }[];
  name?: string;
}

export interface Acknowledgement {
  sender: Party;
  recipient: Party;
  createdAt: Date;
  /** AcknowledgedFile/ReleaseId: the main release's identifier, when known. */
  releaseId?: string | null;
  /** AcknowledgedFile/Date: YYYY[-MM[-DD]], when known. */
  date?: string | null;
  status: FileStatus;
  /** With status UserDefined: the value meant (FileStatus/@UserDefinedValue). */
  userDefinedStatus?: string;
  errorText?: string | null;
  proposedAction?: ProposedAction | null;
  manualCheckRequired?: boolean | null;
}

/** Characters XML 1.0 cannot hold at all (most C0 controls, lone surrogates, U+FFFE/U+FFFF): shown as U+FFFD. */
const NOT_XML = /[^\u0009\u000A\u000D\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

export function escapeXml(text: string): string {
  return text.replace(NOT_XML, '\uFFFD').replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

const ISO_DATE = /^[0-9]{4}(-[0-9]{2}){0,1}(-[0-9]{2}){0,1}$/;

/** xs:dateTime with its zone, to the second (ISO 8601:2004 as the schema asks: YYYY-MM-DDThh:mm:ssTZD). */
const dateTime = (d: Date) => d.toISOString().replace(/\.\d{3}Z$/, 'Z');

function party(tag: string, p: Party): string {
  if (p.ids.length === 0) throw new Error(`${tag} needs at least one PartyId`);
  const ids = p.ids.map((id) => `      <PartyId${id.namespace ? ` Namespace="${escapeXml(id.namespace)}"` : ''}>${escapeXml(id.value)}</PartyId>`);
  const name = p.name ? [`      <PartyName>`, `        <FullName>${escapeXml(p.name)}</FullName>`, `      </PartyName>`] : [];
  return [`    <${tag}>`, ...ids, ...name, `    </${tag}>`].join('\n');
}

/** The ACK file's text. */
export function acknowledgementXml(a: Acknowledgement): string {
  const file: string[] = [];
  if (a.releaseId) file.push(`    <ReleaseId>${escapeXml(a.releaseId)}</ReleaseId>`);
  if (a.date && ISO_DATE.test(a.date)) file.push(`    <Date>${a.date}</Date>`);
  const userDefined = a.status === 'UserDefined' && a.userDefinedStatus ? ` Namespace="ddex-check" UserDefinedValue="${escapeXml(a.userDefinedStatus)}"` : '';
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<ernc:FtpAcknowledgementMessage xmlns:ernc="${ACK_NAMESPACE}" MessageVersionId="${ACK_MESSAGE_VERSION}">`,
    '  <MessageHeader>',
    party('MessageSender', a.sender),
    party('MessageRecipient', a.recipient),
    `    <MessageCreatedDateTime>${dateTime(a.createdAt)}</MessageCreatedDateTime>`,
    '  </MessageHeader>',
    file.length ? ['  <AcknowledgedFile>', ...file, '  </AcknowledgedFile>'].join('\n') : '  <AcknowledgedFile/>',
    `  <FileStatus${userDefined}>${a.status}</FileStatus>`,
  ];
  if (a.errorText) lines.push(`  <ErrorText>${escapeXml(a.errorText)}</ErrorText>`);
  if (a.proposedAction) lines.push(`  <ProposedActionType>${a.proposedAction}</ProposedActionType>`);
  if (a.manualCheckRequired !== undefined && a.manualCheckRequired !== null) lines.push(`  <ManualCheckRequired>${a.manualCheckRequired}</ManualCheckRequired>`);
  lines.push('</ernc:FtpAcknowledgementMessage>', '');
  return lines.join('\n');
}

/** `ACK_<name without extension>.xml`, beside the message (`sub/m.xml` → `sub/ACK_m.xml`). */
export function ackPathFor(messagePath: string): string {
  const slash = messagePath.lastIndexOf('/');
  const dir = messagePath.slice(0, slash + 1);
  const name = messagePath.slice(slash + 1);
  const dot = name.lastIndexOf('.');
  return `${dir}ACK_${dot > 0 ? name.slice(0, dot) : name}.xml`;
}

/** Names the server writes in `/production` batches: a client cannot write them. */
export function isAckName(name: string): boolean {
  return /^ACK_.*\.xml$/i.test(name);
}
