/** Messages of the file mailer (no SMTP_URL: each lands as an .eml in <data-dir>/mail). */
import fs from 'node:fs';
import path from 'node:path';

/** The newest .eml written to `to`, quoted-printable soft breaks and `=3D` undone; waits up to 30 s for it. */
export async function mailTo(dataDir: string, to: string): Promise<string> {
  const dir = path.join(dataDir, 'mail');
  for (let i = 0; i < 300; i++) {
    const files = fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith('.eml')).sort().reverse() : [];
    for (const file of files) {
      const text = fs.readFileSync(path.join(dir, file), 'utf8');
      if (text.includes(`To: ${to}`)) return text.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no mail to ${to} in ${dir}`);
}
