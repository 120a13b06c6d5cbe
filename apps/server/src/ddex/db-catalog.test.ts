/**
 * The catalog a dry run checks against (db-catalog.ts): its lookups are compiled once per database
 * handle and only their parameters change between calls, so each call must still find its own code
 * and put the delivering member's row first, whichever member and code the previous call had.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openMigratedDb, type OpenDb } from '../db/connect.js';
import { createAccount } from '../account/admin.js';
import { createMember } from '../members/admin.js';
import { backends, freshDatabase } from '../../test/support/server-process.js';
import { CODES_A_QUERY, DbCatalog } from './db-catalog.js';

describe.each(backends())('DbCatalog ($name)', (backend) => {
  let open: OpenDb;
  let drop: () => Promise<void>;
  let first: number;
  let second: number;
  beforeAll(async () => {
    const fresh = await freshDatabase(backend);
    drop = fresh.drop;
    open = await openMigratedDb(fresh.config);
    const account = await createAccount(open.db, { name: 'Label', email: 'label@example.test', plan: 'enterprise', active: true });
    first = (await createMember(open.db, { account: account.id, email: 'a@example.test', name: 'A', kind: 'artist' })).id;
    second = (await createMember(open.db, { account: account.id, email: 'b@example.test', name: 'B', kind: 'artist' })).id;
    const now = new Date().toISOString();
    // The same UPC and ISRC on both members, the first member's rows first; one more code on the second only.
    for (const [member, upc, isrc] of [[first, '0000000000017', 'GBAAA2600001'], [second, '0000000000017', 'GBAAA2600001'], [second, '0000000000024', 'GBAAA2600002']] as const) {
      await open.db.insertInto('releases').values({ account_id: account.id, member_id: member, upc, title: `${upc} of ${member}`, release_status: 'live', delivery_state: 'delivered', created_by_delivery_id: null, last_delivery_id: null, created_at: now, updated_at: now, status_reason: null }).execute();
      await open.db.insertInto('recordings').values({ account_id: account.id, member_id: member, isrc, title: `${isrc} of ${member}`, delivery_id: 0, file: 'a.flac', reference: 'A1', created_at: now, updated_at: now }).execute();
    }
  });
  afterAll(async () => {
    await open?.close();
    await drop?.();
  });

  it('finds each code for each member, the delivering member first, call after call', async () => {
    for (let round = 0; round < 2; round++) {
      expect((await new DbCatalog(open.db, second).findRelease('0000000000017'))?.memberId).toBe(String(second));
      expect((await new DbCatalog(open.db, first).findRelease('0000000000017'))?.memberId).toBe(String(first));
      expect((await new DbCatalog(open.db, null).findRelease('0000000000017'))?.memberId).toBe(String(first));
      expect((await new DbCatalog(open.db, first).findRelease('0000000000024'))).toMatchObject({ upc: '0000000000024', memberId: String(second), title: `0000000000024 of ${second}` });
      expect(await new DbCatalog(open.db, first).findRelease('0000000000031')).toBeNull();
      expect((await new DbCatalog(open.db, second).findRecording('GBAAA2600001'))).toMatchObject({ isrc: 'GBAAA2600001', memberId: String(second) });
      expect((await new DbCatalog(open.db, first).findRecording('GBAAA2600001'))?.memberId).toBe(String(first));
      expect((await new DbCatalog(open.db, first).findRecording('GBAAA2600002'))).toMatchObject({ isrc: 'GBAAA2600002', memberId: String(second) });
      expect(await new DbCatalog(open.db, second).findRecording('GBAAA2600003')).toBeNull();
    }
  });

  it('finds many ISRCs at once as it finds each alone, over several queries', async () => {
    // More codes than one query asks for, the known ones at both ends and one twice.
    const unknown = Array.from({ length: CODES_A_QUERY + 10 }, (_, i) => `ZZZZZ${String(i).padStart(7, '0')}`);
    const asked = ['GBAAA2600001', ...unknown, 'GBAAA2600002', 'GBAAA2600003', 'GBAAA2600001'];
    for (const member of [first, second, null]) {
      const catalog = new DbCatalog(open.db, member);
      const found = await catalog.findRecordings(asked);
      expect([...found.keys()].sort()).toEqual(['GBAAA2600001', 'GBAAA2600002']);
      for (const isrc of ['GBAAA2600001', 'GBAAA2600002']) expect(found.get(isrc)).toEqual(await catalog.findRecording(isrc));
    }
    expect((await new DbCatalog(open.db, second).findRecordings(['GBAAA2600001'])).get('GBAAA2600001')?.memberId).toBe(String(second));
    expect((await new DbCatalog(open.db, first).findRecordings(['GBAAA2600001'])).get('GBAAA2600001')?.memberId).toBe(String(first));
    expect((await new DbCatalog(open.db, first).findRecordings([])).size).toBe(0);
  });

  it('asks with a list as long as its codes: any count finds the codes at both ends of each query', async () => {
    // Counts around each list's length (8, 32, 128, 500) and past one query (then the last code is
    // alone in the second); the known codes first and last, the last being the code repeated to
    // fill its list.
    for (const count of [1, 2, 7, 8, 9, 31, 32, 33, 127, 128, 129, 499, 500, 501, 505]) {
      const asked = Array.from({ length: count }, (_, i) => `ZZZZZ${String(i).padStart(7, '0')}`);
      asked[0] = 'GBAAA2600002';
      asked[count - 1] = 'GBAAA2600001';
      const found = await new DbCatalog(open.db, second).findRecordings(asked);
      expect([...found.keys()].sort(), `${count} codes`).toEqual(count === 1 ? ['GBAAA2600001'] : ['GBAAA2600001', 'GBAAA2600002']);
      expect(found.get('GBAAA2600001')?.memberId, `${count} codes`).toBe(String(second));
    }
  });
});
