/**
 * Store statements, imported by staff: a CSV with the header
 *   store,period,upc,isrc,units,amount,currency
 * (store key; period YYYY-MM; a UPC and/or an ISRC; whole units; a decimal amount; an ISO 4217 code),
 * checked row by row (every bad row named by line, column and why), matched to the account's
 * releases (by UPC, else through the ISRC's recording) and converted to dollars at the rates given
 * at import (kept with each row). A file with errors is not imported unless staff say so (the bad
 * rows are then left out). A statement is revenue only once committed: one transaction that also
 * writes `statement.committed`.
 */
import { parse } from 'csv-parse/sync';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { Dialect } from '../db/connect.js';
import { emitEvent } from '../events/emit.js';
import { nowIso } from '../clock.js';
import { centsToUsd, allocateCents, isDecimal, MICRO_PER_CENT, toMicroUsd } from './money.js';
import './tables.js';

export const COLUMNS = ['store', 'period', 'upc', 'isrc', 'units', 'amount', 'currency'] as const;

export class StatementError extends Error {}

export interface RowProblem {
  line: number;
  column: string;
  why: string;
}

export interface ImportResult {
  statement_id: number | null;
  rows: number;
  imported: number;
  errors: RowProblem[];
  unmatched: { line: number; upc: string | null; isrc: string | null }[];
}

export async function importStatement(
  db: Kysely<Database>,
  o: { accountId: number; fileName: string; csv: string; rates: Record<string, string>; allowErrors: boolean },
): Promise<ImportResult> {
  const rates: Record<string, string> = { USD: '1', ...o.rates };
  for (const [currency, rate] of Object.entries(rates)) {
    if (!/^[A-Z]{3}$/.test(currency) || !isDecimal(rate) || rate.trim().startsWith('-')) throw new StatementError(`--rate ${currency}=${rate}: give CUR=positive decimal, e.g. EUR=1.0842`);
  }
  let records: string[][];
  try {
    records = parse(o.csv, { relax_column_count: true, skip_empty_lines: true, trim: true }) as string[][];
  } catch (error) {
    throw new StatementError(`${o.fileName} is not readable CSV: ${(error as Error).message}`);
  }
  const header = (records.shift() ?? []).map((h) => h.toLowerCase());
  const missingColumns = COLUMNS.filter((c) => !header.includes(c));
  if (missingColumns.length) throw new StatementError(`${o.fileName}: line 1 must name the columns ${COLUMNS.join(',')} (missing: ${missingColumns.join(', ')})`);
  const at = (row: string[], c: (typeof COLUMNS)[number]) => (row[header.indexOf(c)] ?? '').trim();

  const releases = await db.selectFrom('releases').select(['id', 'upc', 'member_id']).where('account_id', '=', o.accountId).execute();
  const byUpc = new Map(releases.map((r) => [r.upc.replace(/^0+/, ''), r]));
  const recordings = await db.selectFrom('recordings').select(['isrc', 'member_id']).where('account_id', '=', o.accountId).execute();
  const memberOfIsrc = new Map(recordings.filter((r) => r.isrc).map((r) => [r.isrc!, r.member_id]));

  const errors: RowProblem[] = [];
  const rows: Omit<Database['statement_rows'], 'id' | 'statement_id'>[] = [];
  const unmatched: ImportResult['unmatched'] = [];
  records.forEach((row, index) => {
    const line = index + 2;
    const problems: RowProblem[] = [];
    const store = at(row, 'store').toLowerCase();
    const period = at(row, 'period');
    const upc = at(row, 'upc') || null;
    const isrc = (at(row, 'isrc') || '').replace(/-/g, '').toUpperCase() || null;
    const units = at(row, 'units');
    const amount = at(row, 'amount');
    const currency = at(row, 'currency').toUpperCase();
    if (!/^[a-z0-9_]{2,40}$/.test(store)) problems.push({ line, column: 'store', why: 'a store key of 2-40 lower-case letters, digits or _' });
    const pm = /^(\d{4})-(\d{2})$/.exec(period);
    if (!pm || Number(pm[2]) < 1 || Number(pm[2]) > 12) problems.push({ line, column: 'period', why: `"${period.slice(0, 20)}" is not a month written YYYY-MM` });
    if (!upc && !isrc) problems.push({ line, column: 'upc', why: 'neither a UPC nor an ISRC' });
    if (upc && !/^\d{8,14}$/.test(upc)) problems.push({ line, column: 'upc', why: `"${upc.slice(0, 20)}" is not 8 to 14 digits` });
    if (isrc && !/^[A-Z]{2}[A-Z0-9]{3}\d{7}$/.test(isrc)) problems.push({ line, column: 'isrc', why: `"${isrc.slice(0, 20)}" is not an ISRC (CC-XXX-YY-NNNNN)` });
    if (!/^\d{1,12}$/.test(units)) problems.push({ line, column: 'units', why: `"${units.slice(0, 20)}" is not a whole number of units` });
    if (!isDecimal(amount)) problems.push({ line, column: 'amount', why: `"${amount.slice(0, 20)}" is not a decimal amount (a dot, no thousands separator)` });
    if (!/^[A-Z]{3}$/.test(currency)) problems.push({ line, column: 'currency', why: `"${currency.slice(0, 10)}" is not an ISO 4217 code` });
    else if (!rates[currency]) problems.push({ line, column: 'currency', why: `no rate given for ${currency} (--rate ${currency}=…)` });
    if (problems.length) return void errors.push(...problems);
    const release = upc ? byUpc.get(upc.replace(/^0+/, '')) : undefined;
    const memberId = release?.member_id ?? (isrc ? memberOfIsrc.get(isrc) : undefined) ?? null;
    if (!release && memberId === null) unmatched.push({ line, upc, isrc });
    rows.push({ account_id: o.accountId, line, store, period, upc, isrc, release_id: release?.id ?? null, member_id: memberId, units: Number(units), amount, currency, rate: rates[currency], amount_micro_usd: toMicroUsd(amount, rates[currency]).toString() });
  });
  const result: ImportResult = { statement_id: null, rows: records.length, imported: 0, errors, unmatched };
  if (errors.length && !o.allowErrors) return result;
  result.statement_id = await db.transaction().execute(async (trx) => {
    const statement = await trx
      .insertInto('statements')
      .values({ account_id: o.accountId, file_name: o.fileName, status: 'imported', rates: JSON.stringify(rates), row_count: rows.length, error_count: new Set(errors.map((e) => e.line)).size, unmatched_count: unmatched.length, created_at: nowIso(), committed_at: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (let i = 0; i < rows.length; i += 200) await trx.insertInto('statement_rows').values(rows.slice(i, i + 200).map((r) => ({ ...r, statement_id: statement.id }))).execute();
    return statement.id;
  });
  result.imported = rows.length;
  return result;
}

/** Makes an imported statement revenue: one transaction with its `statement.committed` event. */
export async function commitStatement(db: Kysely<Database>, dialect: Dialect, id: number) {
  return db.transaction().execute(async (trx) => {
    const q = trx.selectFrom('statements').selectAll().where('id', '=', id);
    const statement = await (dialect === 'postgres' ? q.forUpdate() : q).executeTakeFirst();
    if (!statement) throw new StatementError(`statement ${id} does not exist`);
    if (statement.status !== 'imported') throw new StatementError(`statement ${id} is already committed`);
    const rows = await trx.selectFrom('statement_rows').select(['amount_micro_usd', 'units', 'store', 'period']).where('statement_id', '=', id).execute();
    const [cents] = allocateCents([rows.reduce((sum, r) => sum + BigInt(r.amount_micro_usd), 0n)], MICRO_PER_CENT);
    const committedAt = nowIso();
    await trx.updateTable('statements').set({ status: 'committed', committed_at: committedAt }).where('id', '=', id).execute();
    const data = {
      statement: {
        id,
        file_name: statement.file_name,
        rows: rows.length,
        units: rows.reduce((n, r) => n + Number(r.units), 0),
        amount_usd: centsToUsd(cents),
        stores: [...new Set(rows.map((r) => r.store))].sort(),
        periods: [...new Set(rows.map((r) => r.period))].sort(),
      },
    };
    await emitEvent(trx, { accountId: statement.account_id, type: 'statement.committed', data });
    return data.statement;
  });
}
