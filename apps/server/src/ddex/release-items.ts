/**
 * Turns the engine's report into the items of a delivery: one per product release (track and clip
 * releases of ERN 4 belong to their main release), with the error checks of that release, each
 * located by its DDEX field.
 */
import type { Check, Report, ReleaseOutcome } from '@ddex-check/engine';

export interface ItemError {
  field: string;
  rule: string;
  message: string;
  line: number | null;
  column: number | null;
}

export interface PlannedItem {
  position: number;
  file: string;
  ref: string;
  title: string;
  upc: string;
  /** The engine's outcome; the import decides the final one against the database. */
  engineOutcome: ReleaseOutcome['outcome'];
  errors: ItemError[];
  /** Why staff must look (takedown, live update, UPC of another member), from the checks. */
  staffReasons: string[];
}

const PART_OF_A_PRODUCT = /^(track|clip|trackrelease|videotrackrelease|resourcerelease)$/i;

export function isProductRelease(release: ReleaseOutcome): boolean {
  return !PART_OF_A_PRODUCT.test(release.kind);
}

const toError = (c: Check): ItemError => ({ field: c.field, rule: c.rule, message: c.message, line: c.line, column: c.column });

export function planItems(report: Report): PlannedItem[] {
  const rejectedFiles = new Set(report.messages.filter((m) => m.rejected).map((m) => m.file));
  const products = report.releases.filter(isProductRelease);
  return products.map((release, position) => {
    const own = report.checks.filter((c) => c.release === release.reference && c.file === release.file);
    const errors = own.filter((c) => c.status === 'error').map(toError);
    // A check about the whole message (no release) that is an error concerns every release of it.
    const messageErrors = report.checks.filter((c) => c.status === 'error' && c.release === null && (c.file === release.file || c.file === ''));
    const staffReasons = own.filter((c) => c.needs_staff).map((c) => c.message);
    // References repeat across the messages of a batch (every message has its R0): when the engine
    // leaves a release out but no error belongs to this file's release, the errors were another
    // message's, and this release is judged on its own checks.
    const othersFault =
      release.outcome === 'left_out' &&
      errors.length === 0 &&
      messageErrors.length === 0 &&
      report.checks.some((c) => c.status === 'error' && c.release === release.reference && c.file !== release.file);
    const leftOut = (release.outcome === 'left_out' && !othersFault) || rejectedFiles.has(release.file);
    return {
      position,
      file: release.file,
      ref: release.reference,
      title: release.title ?? '',
      upc: release.upc ?? '',
      engineOutcome: leftOut ? 'left_out' : othersFault ? 'created' : release.outcome,
      errors: leftOut ? [...errors, ...messageErrors] : errors,
      staffReasons,
    };
  });
}

/** Text for a delivery that imported nothing. */
export function failureText(report: Report, items: PlannedItem[]): string {
  const firstError = report.checks.find((c) => c.status === 'error');
  // The engine's messages end with their own full stop; the sentence gets exactly one.
  const message = firstError?.message.replace(/[.\s]+$/, '');
  if (items.length === 0) return message ? `No release could be read: ${message}.` : 'The batch holds no release.';
  return `Every release was left out${message ? `; first error: ${message}` : ''}.`;
}
