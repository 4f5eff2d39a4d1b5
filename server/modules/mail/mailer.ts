import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';

export type MailMessage = { to: string; subject: string; text: string };

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
      // Time first so a directory listing sorts by sending order.
      await writeFile(join(dir, `${Date.now()}-${randomUUID()}.json`), String(info.message), { mode: 0o600 });
    },
  };
}

export function mailDirectory(dataDir: string): string {
  return join(dataDir, 'mail');
}
