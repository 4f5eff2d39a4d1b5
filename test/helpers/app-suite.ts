import type { Page } from '../../server/modules/pages/table';
import { csrfTokenIn, signedInAgent } from './admin';
import { createTestApp, type TestApp } from './app';

export type SignedInAgent = Awaited<ReturnType<typeof signedInAgent>>;

export type AppSuite = {
  t: TestApp;
  /** The US site's home page (seeded suites only). */
  home: Page;
  /** Signed in as the test superuser (with `signIn`), and a CSRF token of its session. */
  agent: SignedInAgent;
  token: string;
};

/**
 * The set-up nearly every integration suite shares: before its tests, an app on a freshly
 * migrated database (seeded with the demo content unless `seed: false`), the US home page, and
 * with `signIn` a back-office agent signed in as the test superuser plus its CSRF token; after
 * them, the database and data directory are removed. Call it inside `describe`; `receive` gets
 * the values once they exist, to assign to the suite's variables:
 *
 *   let t: TestApp;
 *   let home: Page;
 *   useTestApp({}, (suite) => ({ t, home } = suite));
 *
 * A suite's own `before` hooks, registered after this call, run after it.
 */
export function useTestApp(
  options: Parameters<typeof createTestApp>[0] & { signIn?: boolean } = {},
  receive: (suite: AppSuite) => void = () => {},
): void {
  let t: TestApp | undefined;
  before(async function () {
    // The first suite of a test process migrates and seeds the template (database-templates.ts):
    // slow on a busy machine; the others copy it in a second or two.
    this.timeout(300_000);
    const { signIn, ...appOptions } = options;
    t = await createTestApp(appOptions);
    const home =
      appOptions.seed === false
        ? undefined
        : await t.db
            .selectFrom('pages')
            .selectAll()
            .where('page_type', '=', 'HomePage')
            .orderBy('path')
            .executeTakeFirstOrThrow();
    const agent = signIn ? await signedInAgent(t.app) : undefined;
    const token = agent ? csrfTokenIn((await agent.get('/wagtail/').expect(200)).text) : undefined;
    // Fields a suite did not ask for throw when read, rather than being quietly undefined.
    const missing = (name: string, hint: string) => () => {
      throw new Error(`useTestApp: ${name} needs ${hint}`);
    };
    const suite = { t } as AppSuite;
    for (const [name, value, hint] of [
      ['home', home, 'a seeded database'],
      ['agent', agent, '{ signIn: true }'],
      ['token', token, '{ signIn: true }'],
    ] as const) {
      if (value === undefined) Object.defineProperty(suite, name, { get: missing(name, hint), enumerable: true });
      else Object.defineProperty(suite, name, { value, enumerable: true });
    }
    receive(suite);
  });
  after(async () => {
    await t?.close();
  });
}
