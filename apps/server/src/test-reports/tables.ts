/** The test_reports table's row type (every dry run of an account, from the API or SFTP /test), added to `Database`. */
import type { Generated } from 'kysely';

export type TestReportSource = 'api' | 'sftp';

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
  created_at: string;
}

declare module '../db/schema.js' {
  interface Database {
    test_reports: TestReportTable;
  }
}
