/**
 * What each message of a processed `/production` batch is told in its acknowledgement: its
 * FileStatus, error text, proposed action and whether someone must look before re-sending, from
 * the delivery's outcome (its messages as the engine read them, its items as the import decided
 * them). Pure: the job reads the rows and writes the files. The mapping is documented in the
 * README's SFTP section (issue 45).
 */
import type { MessageError } from '../ddex/delivery-messages.js';
import type { FileStatus, ProposedAction } from './acknowledgement.js';

export interface DeliveryFacts {
  id: number;
  status: string;
  error: string | null;
  /** Null while the engine never answered for it (failed before or during the check): no messages are known. */
  message_id: string | null;
}

export interface MessageFacts {
  file: string;
  sender: string | null;
  created: string | null;
  rejected: boolean;
  errors: MessageError[];
  error_count: number;
}

export interface ItemFacts {
  file: string;
  ref: string;
  upc: string;
  outcome: string;
  errors: Omit<MessageError, 'stage'>[];
}

export interface AckOutcome {
  /** Path of the acknowledged file inside the batch folder. */
  file: string;
  status: FileStatus;
  userDefinedStatus?: string;
  errorText: string | null;
  proposedAction: ProposedAction | null;
  manualCheckRequired: boolean | null;
  releaseId: string | null;
  date: string | null;
  /** The MessageSender as the engine read it (name or first party id), when it did. */
  sender: string | null;
}

/** Errors listed in one ErrorText, the first ones; the count says how many there were. */
const LISTED_ERRORS = 50;

/** The FileStatus of a message not imported, from its first error's rule. */
export function statusOfRule(rule: string, stage = ''): FileStatus {
  const exact: Record<string, FileStatus> = {
    'package-file-present': 'ResourceMissing',
    'package-file-hash': 'SignatureOrHashSumWrongOrMissing',
    'package-file-size': 'ResourceCorrupt',
    'codes-isrc-unique': 'IdentifierInvalid',
    'codes-isrc-reused': 'IdentifierInvalid',
    'codes-upc-owner': 'IdentifierInvalid',
    'codes-upc-unknown-update': 'IdentifierInvalid',
    'deals-present': 'NoDealInNewReleaseMessage',
    'deals-release-covered': 'NoDealInNewReleaseMessage',
    'deals-track-release-covered': 'NoDealForTrackRelease',
    'deals-overlap': 'ConflictingAvailabilityPeriods',
    'deals-use-type-combination': 'UnsupportedUsage',
    'release-date-order': 'OriginalReleaseDateLaterThanReleaseDate',
    'release-date-valid': 'CommercialReleaseDateInvalid',
    'release-display-artist-present': 'PrimaryArtistNameMissing',
    'server-release-upc-required': 'MetadataMissing',
  };
  if (exact[rule]) return exact[rule];
  if (/^(audio|artwork|video)-file-decodable$|-wav-structure$/.test(rule)) return 'ResourceCorrupt';
  if (/^(audio|artwork|video)-/.test(rule) || ['audio', 'artwork', 'video'].includes(stage)) return 'ResourceNotMeetingSpecifications';
  if (/^codes-.*-(syntax|valid)$/.test(rule)) return 'IdentifierSyntaxInvalid';
  if (/-present$/.test(rule)) return 'MetadataMissing';
  return 'NewReleaseMessageInvalid';
}

const place = (e: { line: number | null; column: number | null }) => (e.line ? `line ${e.line}${e.column ? `, column ${e.column}` : ''}: ` : '');

function errorLines(errors: Omit<MessageError, 'stage'>[], total: number): string[] {
  const lines = errors.slice(0, LISTED_ERRORS).map((e) => `- ${place(e)}${e.message} [${e.rule}]`);
  if (total > lines.length) lines.push(`- … and ${total - lines.length} more`);
  return lines;
}

const DPID_DATE = /^(\d{4}-\d{2}-\d{2})/;

/** One message's acknowledgement when the engine read the batch. */
export function messageOutcome(delivery: DeliveryFacts, m: MessageFacts, items: ItemFacts[]): AckOutcome {
  const own = items.filter((i) => i.file === m.file);
  const leftOut = own.filter((i) => i.outcome === 'left_out');
  const base = { file: m.file, sender: m.sender, releaseId: own.find((i) => i.upc)?.upc ?? null, date: DPID_DATE.exec(m.created ?? '')?.[1] ?? null };
  if (!m.rejected && m.error_count === 0 && own.length > 0 && leftOut.length === 0) {
    return { ...base, status: 'FileOK', errorText: null, proposedAction: null, manualCheckRequired: null };
  }
  // The message's own errors first, then those the import added to its releases (a missing UPC), once each.
  const seen = new Set<string>();
  const errors: Omit<MessageError, 'stage'>[] = [];
  let added = 0;
  for (const [i, e] of [...m.errors, ...leftOut.flatMap((item) => item.errors)].entries()) {
    const key = `${e.rule}|${e.line}|${e.column}|${e.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    errors.push(e);
    if (i >= m.errors.length) added++;
  }
  // error_count counts the message's errors beyond the ones kept.
  const total = Math.max(errors.length, m.error_count + added);
  const first = errors[0];
  const head =
    own.length > 0 && leftOut.length < own.length
      ? `${leftOut.length} of the ${own.length} releases of this message were not imported (delivery ${delivery.id}):`
      : `This message was not imported (delivery ${delivery.id}):`;
  const lines = first ? [head, ...errorLines(errors, total)] : [head, own.length === 0 ? `- it holds no release the catalog can import${delivery.error ? ` (${delivery.error})` : ''}` : '- its releases were left out'];
  return {
    ...base,
    status: first ? statusOfRule(first.rule, (first as MessageError).stage) : 'MetadataMissing',
    errorText: lines.join('\n'),
    // Each batch is checked whole here: what is re-sent is the corrected message with its files, in a new batch folder.
    proposedAction: 'ResendXmlAndResources',
    manualCheckRequired: true,
  };
}

/**
 * A message whose batch never got a report: the server failed on it (InternalError: send the same
 * again) or refused the batch before its import (too large: someone must change it).
 */
export function unreadOutcome(file: string, why: { internal: boolean; text: string }): AckOutcome {
  return {
    file,
    sender: null,
    releaseId: null,
    date: null,
    ...(why.internal ? { status: 'InternalError' as const } : { status: 'UserDefined' as const, userDefinedStatus: 'BatchRefused' }),
    errorText: `This message was not imported: ${why.text}`,
    proposedAction: 'ResendXmlAndResources',
    manualCheckRequired: !why.internal,
  };
}

/** The batch held no message the engine could find: one acknowledgement, named after the marker. */
export function noMessageOutcome(marker: string, text: string | null): AckOutcome {
  return {
    file: marker,
    sender: null,
    releaseId: null,
    date: null,
    status: 'ErnMissing',
    errorText: `The batch holds no ERN message${text ? `: ${text}` : ''}`,
    proposedAction: 'ResendXmlAndResources',
    manualCheckRequired: true,
  };
}
