import { resolve } from 'node:path';
import { expect } from 'chai';
import fc from 'fast-check';
import request from 'supertest';
import { API_ACTIONS } from '../../shared/schemas/admin-api';
import { createPage } from '../../server/modules/pages/service';
import { hashPassword } from '../../server/modules/users/passwords';
import { insertUser } from '../../server/modules/users/repo';
import { csrfTokenIn, signedInAgent } from '../helpers/admin';
import { createTestApp, type TestApp } from '../helpers/app';
import {
  encodeLoose,
  formFieldNames,
  FUZZ_RUNS,
  FUZZ_SEED,
  hostileJson,
  hostileKey,
  hostileString,
  queryString,
  REFLECTION_MARKERS,
  routesOf,
  type DiscoveredRoute,
} from '../helpers/fuzz';

/**
 * Property-based fuzzing of every route the app registers (read from its router, so a new route
 * is fuzzed without being listed here): every public page and utility route, every JSON API and
 * every form, with hostile path parameters, queries, bodies, headers and methods. Whatever
 * arrives, the answer is below 500 and no HTML answer echoes a script payload unescaped.
 * `npm test` runs FUZZ_RUNS=4 per route with a fixed seed; `npm run fuzz` runs many more.
 */

type Fixtures = {
  pageIds: number[];
  revisionIds: number[];
  restrictionId: number;
  userId: number;
  groupId: number;
  siteId: number;
};

const FIELD_NAMES = formFieldNames(resolve(import.meta.dirname, '../..'));
const PUBLIC_SAMPLES = [
  '/',
  '/fr/',
  '/locations/',
  '/locations/list/massachusetts/boston/',
  '/fr/locations/list/quebec/montreal/',
  '/blocks/footer/',
  '/fr/blocks/footer/',
  '/press/',
  '/no-such-page/',
];
const HOSTS = [
  'localhost:3000',
  'ca.localhost:3000',
  '127.0.0.1',
  'evil.example',
  'localhost:99999',
  'localhost:1@evil.example',
  '[::1]:3000',
  '',
];

/** Any header a client may send, made sendable (Node's client refuses control characters). */
const headerValue = hostileString.map((value) => value.replace(/[^\x20-\x7e]/g, '').slice(0, 300));
const hostileHeaders = fc.record(
  {
    Host: fc.constantFrom(...HOSTS),
    'X-Forwarded-Proto': fc.constantFrom('http', 'https', 'HTTPS', 'a b', 'ftp'),
    'X-Forwarded-For': fc.oneof(
      fc.constantFrom('203.0.113.5', '::1', '10.0.0.1, 198.51.100.7', 'unknown'),
      headerValue,
    ),
    'X-Forwarded-Host': fc.constantFrom('localhost:3000', 'evil.example', 'a b'),
    Accept: fc.constantFrom('text/html', 'application/json', '*/*', 'image/webp', 'x/y;q=oops'),
    'Accept-Language': headerValue,
    Cookie: headerValue.map((value) => `li=${value}; sessionid=${value}`),
    'X-CSRFToken': headerValue,
    'X-Request-Id': headerValue,
    Range: fc.constantFrom('bytes=0-10', 'bytes=-1', 'bytes=oops'),
  },
  { requiredKeys: [] },
);
/** Mostly a well-formed request (so the handlers run), sometimes every header hostile. */
const headers = fc.oneof(
  { weight: 3, arbitrary: fc.record({ Host: fc.constantFrom('localhost:3000', 'ca.localhost:3000', 'evil.example') }) },
  { weight: 1, arbitrary: hostileHeaders },
);

/** How often each status was answered, printed at the end with FUZZ_STATS=1. */
const statusCounts = new Map<number, number>();

function assertSafe(res: request.Response, what: string): void {
  statusCounts.set(res.status, (statusCounts.get(res.status) ?? 0) + 1);
  expect(res.status, `${what} answered ${res.status}: ${res.text?.slice(0, 300)}`).to.be.below(500);
  const type = String(res.headers['content-type'] ?? '');
  if (type.includes('html') && typeof res.text === 'string') {
    for (const marker of REFLECTION_MARKERS)
      expect(res.text.includes(marker), `${what} echoed ${marker} unescaped`).to.equal(false);
  }
}

describe('fuzzing: hostile input never gets a 5xx or an unescaped echo', function () {
  this.timeout(Math.max(300_000, FUZZ_RUNS * 60_000));
  let t: TestApp;
  let agent: Awaited<ReturnType<typeof signedInAgent>>;
  let token: string;
  let fixtures: Fixtures;
  let routes: DiscoveredRoute[];

  before(async function () {
    this.timeout(180_000); // migrating and seeding the whole demo is slow on a busy machine
    t = await createTestApp({ env: { TRUST_PROXY: '1' } });
    const home = await t.db
      .selectFrom('pages')
      .selectAll()
      .where('page_type', '=', 'HomePage')
      .orderBy('path')
      .executeTakeFirstOrThrow();
    const empty = { body: [], confirmation_content: [] };
    const section = await createPage(t.db, {
      parentId: home.id,
      pageType: 'ExamplePage',
      title: 'Fuzz section',
      slug: 'fuzz-section',
      content: empty,
      publish: true,
    });
    const children = [];
    for (const slug of ['fuzz-a', 'fuzz-b', 'fuzz-c'])
      children.push(
        await createPage(t.db, {
          parentId: section.id,
          pageType: 'ExamplePage',
          title: slug,
          slug,
          content: empty,
          publish: true,
        }),
      );
    const restriction = await t.db
      .insertInto('page_view_restrictions')
      .values({
        page_id: children[2]!.id,
        restriction_type: 'password',
        password_hash: await hashPassword('fuzz-password'),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const user = await insertUser(t.db, {
      username: 'fuzz-user',
      email: 'fuzz@harborline.example',
      password_hash: await hashPassword('fuzz-user-password'),
      is_superuser: false,
    });
    const group = await t.db
      .insertInto('groups')
      .values({ name: 'Fuzz group' })
      .returning('id')
      .executeTakeFirstOrThrow();
    // A site of its own for the sites screens to edit; it shares the US root, which the fuzzer never gets the id of.
    const site = await t.db
      .insertInto('sites')
      .values({
        hostname: 'fuzz.localhost',
        port: 3000,
        site_name: 'Fuzz',
        root_page_id: home.id,
        is_default_site: false,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const pageIds = [section.id, ...children.map((child) => child.id)];
    const revisions = await t.db.selectFrom('page_revisions').select('id').where('page_id', 'in', pageIds).execute();
    fixtures = {
      pageIds,
      revisionIds: revisions.map((row) => row.id),
      restrictionId: restriction.id,
      userId: user.id,
      groupId: group.id,
      siteId: site.id,
    };
    agent = await signedInAgent(t.app);
    token = csrfTokenIn((await agent.get('/wagtail/').expect(200)).text);
    routes = routesOf(t.app, ['/wagtail', '/_util', '/api-nc']);
  });
  after(async () => {
    if (process.env.FUZZ_STATS)
      console.log('fuzz statuses', Object.fromEntries([...statusCounts].sort((a, b) => a[0] - b[0])));
    await t?.close();
  });

  /** A value for a path parameter: a real row of the fixtures (so the handler runs) or something hostile. */
  const paramValue = (path: string, name: string): fc.Arbitrary<string> => {
    const real: Array<string | number> = (() => {
      if (path.startsWith('/wagtail/users/')) return [fixtures.userId];
      if (path.startsWith('/wagtail/groups/')) return [fixtures.groupId];
      if (path.startsWith('/wagtail/sites/')) return [fixtures.siteId];
      switch (name) {
        case 'id':
        case 'pk':
        case 'page_id':
        case 'parent_page_id':
          return fixtures.pageIds;
        case 'revision_id':
          return fixtures.revisionIds;
        case 'restriction_id':
          return [fixtures.restrictionId];
        case 'range':
          return [`earliest...${fixtures.revisionIds[0]}`, 'earliest...live'];
        case 'type':
          return ['ExamplePage', 'HomePage', 'RedirectPage'];
        case 'action':
          return [...API_ACTIONS];
        case 'file':
          return ['w400.webp', 'maplibre-gl.js'];
        default:
          return ['x'];
      }
    })();
    return fc
      .oneof({ weight: 2, arbitrary: fc.constantFrom(...real.map(String)) }, { weight: 1, arbitrary: hostileString })
      .map(encodeLoose);
  };

  const concretePath = (path: string): fc.Arbitrary<string> => {
    if (path.startsWith('regex:')) {
      return fc
        .tuple(fc.constantFrom(...PUBLIC_SAMPLES), fc.option(hostileString, { nil: undefined }))
        .map(([sample, extra]) => (extra === undefined ? sample : `${sample}${encodeLoose(extra)}/`));
    }
    const names = [...path.matchAll(/:(\w+)/g)].map((match) => match[1]!);
    return fc.tuple(...names.map((name) => paramValue(path, name))).map((values) => {
      let out = path;
      names.forEach((name, index) => {
        out = out.replace(`:${name}`, values[index]!);
      });
      return out;
    });
  };

  const apply = (req: request.Test, extra: Record<string, string>) => {
    for (const [name, value] of Object.entries(extra)) req.set(name, value);
    return req;
  };

  it('every GET route, public and back office, with hostile parameters, queries and headers', async () => {
    for (const route of routes.filter((r) => r.method === 'GET')) {
      await fc.assert(
        fc.asyncProperty(
          concretePath(route.path),
          queryString(FIELD_NAMES),
          headers,
          fc.boolean(),
          async (path, query, extraHeaders, signedIn) => {
            const url = query ? `${path}?${query}` : path;
            const res = await apply((signedIn ? agent : request(t.app)).get(url), extraHeaders);
            assertSafe(res, `GET ${url}`);
          },
        ),
        { numRuns: FUZZ_RUNS, seed: FUZZ_SEED },
      );
    }
  });

  it('every form and JSON API with hostile bodies (fields, prototype keys, wrong types, repeated fields)', async () => {
    for (const route of routes.filter((r) => r.method === 'POST' && r.path !== '/wagtail/logout/')) {
      const body = fc.oneof(
        fc.array(fc.tuple(hostileKey(FIELD_NAMES), hostileString), { maxLength: 10 }).map((pairs) => ({
          type: 'form' as const,
          text: [
            `csrfmiddlewaretoken=${encodeLoose(token)}`,
            ...pairs.map(([key, value]) => `${encodeLoose(key)}=${encodeLoose(value)}`),
          ].join('&'),
        })),
        fc
          .dictionary(hostileKey(FIELD_NAMES), hostileJson, { maxKeys: 6 })
          .map((value) => ({ type: 'json' as const, text: JSON.stringify(value) })),
        fc
          .constantFrom('{"a":', '[1,2', 'not json', '{"__proto__": {"polluted": 1}}', '"a string"', '123')
          .map((text) => ({ type: 'json' as const, text })),
      );
      await fc.assert(
        fc.asyncProperty(
          concretePath(route.path),
          body,
          queryString(FIELD_NAMES),
          fc.boolean(),
          async (path, sent, query, signedIn) => {
            const url = query ? `${path}?${query}` : path;
            const req = (signedIn ? agent : request(t.app))
              .post(url)
              .set('X-CSRFToken', token)
              .set('Content-Type', sent.type === 'json' ? 'application/json' : 'application/x-www-form-urlencoded');
            const res = await req.send(sent.text);
            assertSafe(res, `POST ${url} ${sent.text.slice(0, 200)}`);
          },
        ),
        { numRuns: FUZZ_RUNS, seed: FUZZ_SEED },
      );
    }
    expect(({} as Record<string, unknown>).polluted).to.equal(undefined);
  });

  it('odd methods, content types and header combinations on every path', async () => {
    const paths = [...new Set(routes.map((route) => route.path))];
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...paths).chain((path) => concretePath(path)),
        fc.constantFrom('put', 'patch', 'delete', 'options', 'head', 'post', 'get'),
        fc.constantFrom(
          'text/plain',
          'multipart/form-data; boundary=x',
          'application/json; charset=latin1',
          'application/x-www-form-urlencoded; charset=utf-16',
          'application/xml',
          'garbage',
        ),
        hostileString,
        headers,
        async (path, method, contentType, text, extraHeaders) => {
          const res = await apply(
            agent[method](path).set('X-CSRFToken', token).set('Content-Type', contentType),
            extraHeaders,
          ).send(text);
          assertSafe(res, `${method.toUpperCase()} ${path} (${contentType})`);
        },
      ),
      { numRuns: FUZZ_RUNS * 25, seed: FUZZ_SEED },
    );
  });

  it('covers every registered route', () => {
    // A guard against a silently empty run: the router walk must find the app's routes.
    expect(routes.filter((route) => route.path.startsWith('/wagtail/')).length).to.be.greaterThan(40);
    expect(routes.some((route) => route.path.startsWith('regex:'))).to.equal(true);
    expect(routes.some((route) => route.path.startsWith('/api/location/'))).to.equal(true);
  });
});
