import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';

export interface OutboxMail {
  to: string;
  subject: string;
  text: string;
}

/** The e-mails a server without SMTP_URL wrote to `<dataDir>/outbox/*.eml`, oldest first. */
export function readOutbox(dataDir: string): OutboxMail[] {
  const dir = path.join(dataDir, 'outbox');
  let files: string[];
  try {
    files = readdirSync(dir).sort();
  } catch {
    return [];
  }
  return files.map((file) => {
    // Read byte for byte (latin1), undo quoted-printable, then decode the bytes as UTF-8: an
    // accented character is several encoded bytes (=C3=A9), not one character per byte.
    const raw = readFileSync(path.join(dir, file), 'latin1');
    const utf8 = (bytes: string) => Buffer.from(bytes, 'latin1').toString('utf8');
    const [head = '', ...body] = raw.split(/\r?\n\r?\n/);
    const header = (name: string) =>
      utf8(new RegExp(`^${name}: (.*)$`, 'mi').exec(head)?.[1]?.trim() ?? '');
    const text = utf8(
      body
        .join('\n\n')
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16))),
    );
    return { to: header('To'), subject: header('Subject'), text };
  });
}

/** The six-digit code of the newest mail to `to`. */
export function mailedCode(dataDir: string, to: string): string {
  const mail = readOutbox(dataDir)
    .filter((m) => m.to.toLowerCase().includes(to.toLowerCase()))
    .at(-1);
  const code = mail && /\b(\d{6})\b/.exec(mail.text)?.[1];
  if (!code) throw new Error(`no code was mailed to ${to}`);
  return code;
}

/** The invitation link (`…/invitation/{token}`) of the newest mail to `to`. */
export function mailedInvitationLink(dataDir: string, to: string): string {
  const mail = readOutbox(dataDir)
    .filter((m) => m.to.toLowerCase().includes(to.toLowerCase()))
    .at(-1);
  const link = mail && /(https?:\/\/\S+\/invitation\/[A-Za-z0-9_%-]+)/.exec(mail.text)?.[1];
  if (!link) throw new Error(`no invitation link was mailed to ${to}`);
  return link;
}
