/**
 * What schema validation answers: its outcome and its located issues. Apart from the validator
 * interface (schema-validator.ts) so that the validators, the parse thread and the pass can name
 * it without importing each other.
 */
export interface SchemaIssue {
  message: string;
  line: number | null;
  column: number | null;
  /** DDEX path of the element at fault, '' when unknown. */
  path: string;
}

export interface SchemaResult {
  /** 'valid' | 'invalid'; 'skipped' when the validator could not run (message too large, schema missing...). */
  outcome: 'valid' | 'invalid' | 'skipped';
  issues: SchemaIssue[];
  /** Why it was skipped, or a note (e.g. issues were capped). */
  note?: string;
}
