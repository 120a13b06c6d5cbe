/** The test_reports table's row type (every dry run of an account, from the API or SFTP /test), added to `Database`. */
import type { Generated } from 'kysely';

/** Where the dry run came from: POST /ddex/validate, SFTP /test, or a file dropped on the dashboard's Test reports page. */
export type TestReportSource = 'api' | 'sftp' | 'dashboard';
export const TEST_REPORT_SOURCES: readonly TestReportSource[] = ['api', 'sftp', 'dashboard'];

export interface TestReportTable {
  id: Generated<number>;
  account_id: number;
  source: TestReportSource;
  /** The batch as the client named it (`?name`, the file name, the /test folder or file). */
  name: string;
  verdict: string;
  /** JSON of the report's `summary`. */
  summary: string;
  /** JSON of the whole report, the object POST /ddex/validate answers under `data`. */
  report: string;
  /** JSON `{file: {line: text}}`: the lines the findings point at, read while the batch was at hand (null before migration 0017). */
  source_lines: string | null;
  created_at: string;
}

declare module '../db/schema.js' {
  interface Database {
    test_reports: TestReportTable;
  }
}
