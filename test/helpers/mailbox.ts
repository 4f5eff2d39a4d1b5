import { readdirSync, readFileSync } from 'node:fs';
import { mailDirectory } from '../../server/modules/mail/mailer';

export type SentMail = {
  to: unknown;
  subject: string;
  text: string;
  headers?: Record<string, string>;
  replyTo?: unknown;
};

/** The mails the file transport wrote under the data directory, oldest first. */
export function sentMails(dataDir: string): SentMail[] {
  let names: string[];
  try {
    names = readdirSync(mailDirectory(dataDir)).sort();
  } catch {
    return [];
  }
  return names.map((name) => JSON.parse(readFileSync(`${mailDirectory(dataDir)}/${name}`, 'utf8')) as SentMail);
}

/** The mails sent to `address`. */
export const mailsTo = (dataDir: string, address: string) =>
  sentMails(dataDir).filter((mail) => JSON.stringify(mail.to).includes(address));

/** The newest signup confirmation link mailed to `address` (double opt-in), or null. */
export function newestConfirmationLink(dataDir: string, address: string): URL | null {
  for (const mail of mailsTo(dataDir, address).reverse()) {
    const match = /(https?:\/\/\S+\?confirm=\S+)/.exec(mail.text);
    if (match) return new URL(match[1]!);
  }
  return null;
}
