/**
 * Staff commands for revenue: `admin statement import|commit|list` and `admin member share`.
 * (The dashboard's staff pages will call the same functions.)
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Command } from 'commander';
import { AdminError } from '../admin/admin-error.js';
import type { IntArg, WithDb } from '../admin/admin-kit.js';
import { nowIso } from '../clock.js';
import { commitStatement, importStatement, StatementError, type ImportResult } from './statements.js';

const staff = async <T>(fn: () => Promise<T>): Promise<T> => {
  try {
    return await fn();
  } catch (error) {
    if (error instanceof StatementError) throw new AdminError(error.message);
    throw error;
  }
};

function printImport(r: ImportResult): string {
  const lines = r.statement_id
    ? [`statement ${r.statement_id} imported: ${r.imported} rows (commit it with: admin statement commit --id ${r.statement_id})`]
    : [`not imported: ${r.errors.length} problem(s) in ${r.rows} rows (fix the file, or pass --allow-errors to leave the bad rows out)`];
  for (const e of r.errors) lines.push(`line ${e.line}, column ${e.column}: ${e.why}`);
  for (const u of r.unmatched) lines.push(`line ${u.line}: matches no release or recording of the account (upc ${u.upc ?? '-'}, isrc ${u.isrc ?? '-'})`);
  return lines.join('\n');
}

export function registerEarningsAdmin(admin: Command, member: Command, withDb: WithDb, intArg: IntArg): void {
  const statement = admin.command('statement').description('store statements: import (checked row by row), commit (revenue), list');
  statement
    .command('import')
    .requiredOption('--account <id>', 'account id', intArg('--account'))
    .requiredOption('--file <csv>', 'CSV with the columns store,period,upc,isrc,units,amount,currency')
    .option('--rate <CUR=rate>', 'dollars per unit of a currency (repeatable): --rate EUR=1.0842', (v: string, prev: string[] = []) => [...prev, v])
    .option('--allow-errors', 'import the good rows of a file with errors (the bad ones are left out)')
    .action(
      withDb(async (db, o) => {
        const file = o.file as string;
        let csv: string;
        try {
          csv = fs.readFileSync(file, 'utf8');
        } catch (error) {
          throw new AdminError(`cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
        }
        const rates: Record<string, string> = {};
        for (const pair of (o.rate as string[] | undefined) ?? []) {
          const [cur, rate] = pair.split('=');
          if (!cur || !rate) throw new AdminError(`--rate ${pair}: write CUR=rate, e.g. EUR=1.0842`);
          rates[cur.trim().toUpperCase()] = rate.trim();
        }
        return staff(() => importStatement(db, { accountId: o.account as number, fileName: path.basename(file), csv, rates, allowErrors: !!o.allowErrors }));
      }, printImport),
    );
  statement
    .command('commit')
    .requiredOption('--id <id>', 'statement id', intArg('--id'))
    .action(withDb((db, o, env) => staff(() => commitStatement(db, env.dialect, o.id as number)), (s) => `statement ${s.id} committed: ${s.rows} rows, $${s.amount_usd.toFixed(2)}`));
  statement
    .command('list')
    .requiredOption('--account <id>', 'account id', intArg('--account'))
    .action(
      withDb(
        (db, o) => db.selectFrom('statements').selectAll().where('account_id', '=', o.account as number).orderBy('id').execute(),
        (rows) => rows.map((s) => `${s.id}\t${s.file_name}\t${s.status}\t${s.row_count} rows\t${s.error_count} bad\t${s.unmatched_count} unmatched`).join('\n'),
      ),
    );
  member
    .command('share')
    .description("the member's share of the partner's revenue, in percent (0-100, two decimals)")
    .requiredOption('--id <id>', 'member id', intArg('--id'))
    .requiredOption('--percent <p>', 'e.g. 70 or 62.5')
    .action(
      withDb(async (db, o) => {
        const text = String(o.percent);
        if (!/^\d{1,3}(\.\d{1,2})?$/.test(text) || Number(text) > 100) throw new AdminError(`--percent must be 0 to 100 with at most two decimals (got "${text}")`);
        const bps = Math.round(Number(text) * 100);
        const exists = await db.selectFrom('members').select('id').where('id', '=', o.id as number).executeTakeFirst();
        if (!exists) throw new AdminError(`member ${o.id} does not exist`);
        await db
          .insertInto('member_shares')
          .values({ member_id: o.id as number, share_bps: bps, updated_at: nowIso() })
          .onConflict((oc) => oc.column('member_id').doUpdateSet({ share_bps: bps, updated_at: nowIso() }))
          .execute();
        return { member_id: o.id as number, share_percent: bps / 100 };
      }, (r) => `member ${r.member_id}: ${r.share_percent}% of the partner's revenue`),
    );
}
