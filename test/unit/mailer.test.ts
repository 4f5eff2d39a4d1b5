import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { ConfigError, loadConfig } from '../../server/config';
import { createMailer, mailDirectory } from '../../server/modules/mail/mailer';

describe('mailer', () => {
  it('writes each message as JSON under DATA_DIR/mail without SMTP_URL', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'harborline-mail-'));
    try {
      await createMailer({ smtpUrl: undefined, dataDir }).send({
        to: 'chef@example.com',
        subject: 'Hello',
        text: 'Body',
      });
      const files = readdirSync(mailDirectory(dataDir));
      expect(files).to.have.length(1);
      const message = JSON.parse(readFileSync(join(mailDirectory(dataDir), files[0]!), 'utf8'));
      expect(message.subject).to.equal('Hello');
      expect(message.to[0].address).to.equal('chef@example.com');
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('reads SMTP_URL from the environment and refuses anything but smtp(s)://', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'harborline-mail-'));
    try {
      expect(
        loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, SMTP_URL: 'smtps://user:pw@mail.example.com:465' }).smtpUrl,
      ).to.equal('smtps://user:pw@mail.example.com:465');
      expect(loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir }).smtpUrl).to.equal(undefined);
      expect(() => loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, SMTP_URL: 'http://mail.example.com' })).to.throw(
        ConfigError,
        /SMTP_URL/,
      );
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
