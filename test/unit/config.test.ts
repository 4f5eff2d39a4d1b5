import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { ConfigError, loadConfig } from '../../server/config';

describe('configuration', () => {
  const made: string[] = [];
  const dataDir = () => {
    made.push(mkdtempSync(join(tmpdir(), 'harborline-config-')));
    return made.at(-1)!;
  };
  after(() => made.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

  it('applies defaults and generates a session secret kept in DATA_DIR', () => {
    const dir = dataDir();
    const config = loadConfig({ DATA_DIR: dir, COMMIT_ID: 'abc', BRANCH: 'main' });
    expect(config.port).to.equal(3000);
    expect(config.databaseUrl).to.equal(undefined);
    expect(config.sessionSecret).to.have.length.greaterThan(31);
    expect(loadConfig({ DATA_DIR: dir }).sessionSecret).to.equal(config.sessionSecret);
    expect(config.admin.passwordIsDefault).to.equal(true);
  });

  it('names the variable in one line when a value is invalid', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).to.throw(ConfigError, /^Invalid environment variable PORT: /);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).to.throw(ConfigError, /DATABASE_URL/);
    expect(() => loadConfig({ WEB_CONCURRENCY: '0' })).to.throw(ConfigError, /WEB_CONCURRENCY/);
    expect(() => loadConfig({ PUBLIC_SENTRY_DSN: 'not a url' })).to.throw(ConfigError, /PUBLIC_SENTRY_DSN/);
  });

  it('reads the shutdown grace period in whole seconds from 1 to 600, 25 by default', () => {
    const dir = dataDir();
    expect(loadConfig({ DATA_DIR: dir }).shutdownGraceMs).to.equal(25_000);
    expect(loadConfig({ DATA_DIR: dir, SHUTDOWN_GRACE_SECONDS: '2' }).shutdownGraceMs).to.equal(2000);
    for (const [value, message] of [
      ['0', 'must be at least 1 second'],
      ['601', 'must be at most 600 seconds'],
      ['2.5', 'must be a whole number of seconds'],
      ['soon', 'must be a number of seconds from 1 to 600'],
    ])
      expect(() => loadConfig({ DATA_DIR: dir, SHUTDOWN_GRACE_SECONDS: value })).to.throw(
        ConfigError,
        `Invalid environment variable SHUTDOWN_GRACE_SECONDS: ${message}`,
      );
  });

  it('requires secrets in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir() })).to.throw(ConfigError, /SESSION_SECRET/);
    expect(() =>
      loadConfig({
        NODE_ENV: 'production',
        SESSION_SECRET: 'x'.repeat(40),
        DATA_DIR: dataDir(),
        DATABASE_URL: 'postgres://db/x',
      }),
    ).to.throw(ConfigError, /ADMIN_PASSWORD/);
  });

  it('refuses several workers on the embedded database', () => {
    expect(() => loadConfig({ WEB_CONCURRENCY: '2', DATA_DIR: dataDir() })).to.throw(ConfigError, /WEB_CONCURRENCY/);
    expect(
      loadConfig({ WEB_CONCURRENCY: '2', DATABASE_URL: 'postgres://db/x', DATA_DIR: dataDir() }).webConcurrency,
    ).to.equal(2);
  });

  it('prints readable logs in development and JSON elsewhere, unless LOG_FORMAT says otherwise', () => {
    const dir = dataDir();
    expect(loadConfig({ DATA_DIR: dir }).logPretty).to.equal(true);
    expect(loadConfig({ DATA_DIR: dir, NODE_ENV: 'test' }).logPretty).to.equal(false);
    expect(loadConfig({ DATA_DIR: dir, LOG_FORMAT: 'json' }).logPretty).to.equal(false);
    expect(loadConfig({ DATA_DIR: dir, NODE_ENV: 'test', LOG_FORMAT: 'pretty' }).logPretty).to.equal(true);
    expect(() => loadConfig({ DATA_DIR: dir, LOG_FORMAT: 'xml' })).to.throw(
      ConfigError,
      /^Invalid environment variable LOG_FORMAT: must be 'pretty' or 'json'/,
    );
  });
});
