import { expect } from 'chai';
import type { NextFunction, Request, Response } from 'express';
import helmet from 'helmet';
import { helmetOptions, securityHeaders } from '../../server/http/csp';

type Options = Parameters<typeof securityHeaders>[0];

/** Runs a middleware against a recording response: the headers it set, in order, and what it passed to next. */
function run(middleware: (req: Request, res: Response, next: NextFunction) => void, nonce: string) {
  const headers: Array<[string, string]> = [];
  const res = {
    locals: { cspNonce: nonce },
    setHeader: (name: string, value: unknown) => headers.push([name.toLowerCase(), String(value)]),
    removeHeader: () => undefined,
  };
  let passed: unknown = 'not called';
  middleware({} as Request, res as unknown as Response, ((error?: unknown) => (passed = error)) as NextFunction);
  return { headers, passed };
}

describe('security headers', () => {
  const cases: Array<[string, Options]> = [
    ['development, nothing configured', { production: false, connectSources: [] }],
    [
      'production with every static list',
      {
        production: true,
        connectSources: ['https://o1.ingest.example'],
        scriptSources: ['https://captcha.example'],
        frameSources: ['www.youtube.com'],
        formActions: ['https://feedback.example'],
        imageSources: ['https://img.example'],
      },
    ],
    [
      'site settings sources, empty and not',
      {
        production: true,
        connectSources: [],
        dynamic: {
          connectSources: () => ['https://tiles.example', 'https://style.example'],
          imageSources: () => [],
          frameSources: () => ['player.vimeo.com'],
          formActions: () => ['https://forms.example'],
        },
      },
    ],
  ];
  for (const [name, options] of cases) {
    it(`are helmet's, header for header and in the same order (${name})`, () => {
      const ours = run(securityHeaders(options), 'AbC+/12==');
      const reference = run(helmet(helmetOptions(options) as Parameters<typeof helmet>[0]) as never, 'AbC+/12==');
      expect(ours.passed).to.equal(undefined);
      expect(ours.headers).to.deep.equal(reference.headers);
      const policy = ours.headers.find(([header]) => header === 'content-security-policy')?.[1] ?? '';
      expect(policy).to.include("script-src 'self' 'nonce-AbC+/12=='");
      expect(policy).not.to.match(/script-src[^;]*unsafe-inline/);
    });
  }

  it('puts each response its own nonce', () => {
    const middleware = securityHeaders({ production: true, connectSources: [] });
    const first = run(middleware, 'first').headers.find(([header]) => header === 'content-security-policy')![1];
    const second = run(middleware, 'second').headers.find(([header]) => header === 'content-security-policy')![1];
    expect(first).to.include("'nonce-first'").and.not.include('second');
    expect(second).to.include("'nonce-second'").and.not.include('first');
  });

  it('follows the site settings lists from response to response, and refuses a bad one every time', () => {
    let connect: readonly string[] = Object.freeze(['https://tiles.example']);
    const middleware = securityHeaders({
      production: true,
      connectSources: [],
      dynamic: { connectSources: () => connect },
    });
    const policy = () => run(middleware, 'n').headers.find(([header]) => header === 'content-security-policy')?.[1];
    expect(policy()).to.include("connect-src 'self' https://tiles.example;");
    expect(policy()).to.include("connect-src 'self' https://tiles.example;");
    connect = Object.freeze(['https://other.example', 'https://more.example']);
    expect(policy()).to.include("connect-src 'self' https://other.example https://more.example;");
    connect = Object.freeze(['https://a.example; script-src *']);
    for (let i = 0; i < 2; i++) {
      const answer = run(middleware, 'n');
      expect(answer.passed).to.be.instanceOf(Error);
      expect(answer.headers.find(([header]) => header === 'content-security-policy')).to.equal(undefined);
    }
    connect = Object.freeze([]);
    expect(policy()).to.include("connect-src 'self' ;");
  });

  it('refuses a site settings source that would end the directive or smuggle a keyword, as helmet does', () => {
    for (const bad of ['https://a.example; script-src *', 'https://a.example,https://b.example', 'unsafe-inline']) {
      const options: Options = { production: true, connectSources: [], dynamic: { connectSources: () => [bad] } };
      const ours = run(securityHeaders(options), 'n');
      const reference = run(helmet(helmetOptions(options) as Parameters<typeof helmet>[0]) as never, 'n');
      expect(ours.passed, bad).to.be.instanceOf(Error);
      expect(reference.passed, bad).to.be.instanceOf(Error);
      expect(
        ours.headers.find(([header]) => header === 'content-security-policy'),
        bad,
      ).to.equal(undefined);
    }
  });
});
