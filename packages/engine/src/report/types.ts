/**
 * The report: the same object everywhere (engine result, CLI `--format json` element, the API's
 * `data`, the SFTP `.report.json`). Its JSON Schema is `schemas/report.schema.json`.
 */
import type { StreamedList } from './streamed-list.js';

export const STAGES = [
  'package',
  'xml',
  'release',
  'codes',
  'genres',
  'territories',
  'deals',
  'audio',
  'artwork',
  'video',
] as const;
export type Stage = (typeof STAGES)[number];

export type CheckStatus = 'pass' | 'warning' | 'error' | 'skipped';

/** Severity words of config files and presets; `info` findings are reported as status `pass` with `severity: 'info'`. */
export type Severity = 'error' | 'warn' | 'info' | 'off';

export interface Check {
  stage: Stage;
  /** Stable rule id (`codes-isrc-syntax`); doc slug and SARIF rule id. */
  rule: string;
  /** Short human label of the rule (`ISRC syntax`). */
  label: string;
  status: CheckStatus;
  message: string;
  /** DDEX path, e.g. `/NewReleaseMessage/ReleaseList/Release[2]/ReleaseId/ICPN`; '' when the check is about the whole message or batch. */
  field: string;
  /** 1-based; null when the check has no place in an XML file. */
  line: number | null;
  column: number | null;
  /** Path of the file inside the batch (message or media file), '' for the batch itself. */
  file: string;
  /** Release reference (`R1`) the check concerns, null when none. */
  release: string | null;
  /** Resource reference (`A1`) the check concerns, when any. */
  resource?: string | null;
  /** What to change. */
  hint: string;
  /** Present when the configured severity is `info`. */
  severity?: 'info';
  /** Something staff must decide (takedown, update of a live release, UPC of another member): makes the verdict `would_be_flagged`. */
  needs_staff?: boolean;
  /** Message id of the rule's message (`invalid`), for baselines and SARIF. */
  message_id?: string;
  /** Store whose requirement this check is (inside the engine only: `report.stores` carries these checks). */
  store?: string;
  /** Requirement id of the store profile (`spotify-ern-version`), on checks of `report.stores`. */
  requirement?: string;
}

/** One store's verdict (`validate(input, {stores})`): its requirements' checks plus the base errors that reject everywhere. */
export interface StoreVerdict {
  name: string;
  verdict: Verdict;
  summary: { pass: number; warnings: number; errors: number; skipped: number; needs_staff: number; base_errors: number };
  /** Checks of the store's requirements, each with its `requirement` id. */
  checks: Check[];
  /** Rule ids of the base checks that reject the delivery for every store (schema, well-formedness, broken references...). */
  base_errors: string[];
}

export type Verdict = 'would_import' | 'would_import_with_warnings' | 'would_be_flagged' | 'would_be_rejected';

/** Worst last; `verdictRank` orders them. */
export const VERDICTS: readonly Verdict[] = [
  'would_import',
  'would_import_with_warnings',
  'would_be_flagged',
  'would_be_rejected',
];

export type ReleaseOutcomeKind = 'created' | 'updated' | 'flagged' | 'left_out';

export interface ReleaseOutcome {
  /** Message file inside the batch. */
  file: string;
  reference: string;
  title: string | null;
  upc: string | null;
  /** 'main', 'track', 'clip' (4.x) or the 3.x ReleaseType. */
  kind: string;
  outcome: ReleaseOutcomeKind;
  errors: number;
  warnings: number;
}

export interface MessageSummary {
  file: string;
  ern_version: string | null;
  root: string | null;
  message_id: string | null;
  sender: string | null;
  created: string | null;
  releases: number;
  resources: number;
  /** Sound recordings and videos declared in the message (the delivery's `track_count`). */
  tracks: number;
  deals: number;
  /** Whole-message failure (not XML, not ERN, unsupported version): nothing of it imports. */
  rejected: boolean;
}

export interface WouldCreateRecording {
  file: string;
  release: string;
  reference: string;
  title: string | null;
  isrc: string | null;
}

export interface WouldCreate {
  releases: { file: string; reference: string; title: string | null; upc: string | null; outcome: 'created' | 'updated' }[];
  /**
   * Sound recordings of the releases above; `release` is the first release (by reference) that holds
   * each. A list made as it is read (`StreamedList`) when `ValidateOptions.recordings` is 'stream'
   * and a message was kept as bytes.
   */
  recordings: WouldCreateRecording[] | StreamedList<WouldCreateRecording>;
  artists: { name: string; reference: string | null }[];
}

export interface Report {
  /** What was checked, as given (path, or the name of an uploaded body). */
  source: string;
  /** ERN version of the messages (`4.3`), `mixed` when they differ, null when none was read. */
  ern_version: string | null;
  verdict: Verdict;
  summary: {
    messages: number;
    releases: number;
    pass: number;
    warnings: number;
    errors: number;
    skipped: number;
    needs_staff: number;
  };
  checks: Check[];
  messages: MessageSummary[];
  releases: ReleaseOutcome[];
  would_create: WouldCreate;
  /** Per-store verdicts, by store id; present only when stores were asked for. */
  stores?: Record<string, StoreVerdict>;
  engine: {
    version: string;
    schema_engine: string;
    started_at: string;
    duration_ms: number;
  };
}
