import { randomUUID } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';

/**
 * `replyTo` and `headers` values must be single lines (callers validate guest input; nodemailer
 * also folds and encodes header values).
 */
export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  replyTo?: string;
  headers?: Record<string, string>;
};

/** Sends one message. The body is never logged (it may carry a reset link). */
export type Mailer = { send(message: MailMessage): Promise<void> };

export const MAIL_FROM = 'Harborline Seafood <no-reply@harborline.example>';

/**
 * SMTP when SMTP_URL is configured; otherwise each message is written as JSON to
 * DATA_DIR/mail/ (development, tests, and a review app without mail), like Django's file backend.
 */
export function createMailer(options: { smtpUrl: string | undefined; dataDir: string }): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      async send(message) {
        await transport.sendMail({ from: MAIL_FROM, ...message });
      },
    };
  }
  const transport = nodemailer.createTransport({ jsonTransport: true });
  const dir = mailDirectory(options.dataDir);
  return {
    async send(message) {
      const info = await transport.sendMail({ from: MAIL_FROM, ...message });
      await mkdir(dir, { recursive: true });
      // Time first so a directory listing sorts by sending order. Written beside the folder and
      // renamed in, so whoever reads the folder never sees a half-written message.
      const name = `${Date.now()}-${randomUUID()}.json`;
      const partial = join(dir, '..', `.${name}.partial`);
      await writeFile(partial, String(info.message), { mode: 0o600 });
      await rename(partial, join(dir, name));
    },
  };
}

export function mailDirectory(dataDir: string): string {
  return join(dataDir, 'mail');
}
