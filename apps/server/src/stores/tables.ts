/** The account_stores table (migration 0009), added to the server's `Database`. */
export interface AccountStoreTable {
  account_id: number;
  /** Store id of the engine's profiles (`spotify`). */
  store: string;
  /** Order the account gave them in (reports list the stores in it). */
  position: number;
}

declare module '../db/schema.js' {
  interface Database {
    account_stores: AccountStoreTable;
  }
}
