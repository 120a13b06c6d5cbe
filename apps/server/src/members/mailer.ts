/**
 * Email through nodemailer: SMTP when `SMTP_URL` is set (smtp://user:pass@host:port, smtps://…),
 * otherwise each message is written as an .eml file under `<data-dir>/mail/` and a log line says
 * where (never what: messages carry single-use links). `SMTP_FROM` sets the sender.
 */
import fs from 'node:fs';
import path from 'node:path';
import nodemailer from 'nodemailer';
import addressparser from 'nodemailer/lib/addressparser/index.js';
import { makeFolderSync } from '@ddex-check/engine/make-folder';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  /** The sender's display name, in place of SMTP_FROM's (a white-label portal's account name); the address stays SMTP_FROM's. */
  fromName?: string;
}

export interface Mailer {
  send(mail: Mail): Promise<{ where: string }>;
}

export function createMailer(o: { smtpUrl?: string; from?: string; dataDir: string }): Mailer {
  const configured = o.from || 'ddex-check <no-reply@ddex-check.invalid>';
  const address = (addressparser(configured, { flatten: true })[0] as { address?: string } | undefined)?.address;
  const envelope = ({ fromName, ...mail }: Mail) => ({ from: fromName && address ? { name: fromName, address } : configured, ...mail });
  if (o.smtpUrl) {
    const transport = nodemailer.createTransport(o.smtpUrl);
    return {
      async send(mail) {
        const info = await transport.sendMail(envelope(mail));
        return { where: `SMTP (${info.messageId})` };
      },
    };
  }
  const dir = path.join(o.dataDir, 'mail');
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(mail) {
      const info = await transport.sendMail(envelope(mail));
      makeFolderSync(dir);
      const file = path.join(dir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${info.messageId.replace(/[^\w.-]/g, '')}.eml`);
      // Written beside, then renamed: whoever reads the folder sees a whole mail or none (a test
      // that read a mail as soon as its file appeared once found it still empty).
      fs.writeFileSync(`${file}.tmp`, info.message as Buffer, { mode: 0o600 });
      fs.renameSync(`${file}.tmp`, file);
      return { where: file };
    },
  };
}
