import { expect } from 'chai';
import request from 'supertest';
import { createTestApp, type TestApp } from '../helpers/app';

type Layer = {
  name: string;
  rawPath?: string | RegExp | Array<string | RegExp>;
  route?: { path: string | RegExp | Array<string | RegExp> };
  handle: { stack?: Layer[]; pathScope?: RegExp };
};

/** Paths of the regular-expression routes, to test against their gate's scope. */
const REGEX_ROUTE_SAMPLES = [
  '/blocks/footer/',
  '/fr/blocks/footer',
  '/seafood-restaurants/list/ma/boston/',
  '/fr/restaurants/list/qc/montreal/1-rue-x/',
];

/** A path a route or mount path matches, parameters filled in. */
function sample(path: string): string {
  return path
    .replace(/:(\w+)/g, 'x1')
    .replace(/\*\w+/g, 'x1/x2')
    .replace(/[{}]/g, '');
}

/** Every path a gated router's routes and path-mounted middleware answer, as samples. */
function pathsIn(stack: Layer[], mount: string): { paths: string[]; regexes: RegExp[] } {
  const paths: string[] = [];
  const regexes: RegExp[] = [];
  for (const layer of stack) {
    const raw = layer.route ? layer.route.path : layer.rawPath;
    for (const one of [raw ?? '/'].flat()) {
      if (one instanceof RegExp) {
        regexes.push(one);
        continue;
      }
      // A middleware on a bare parameter ('/:lang') hands the request to routes of the same router
      // under a language prefix: those are checked with their prefix below.
      if (!layer.route && !layer.handle.stack && /^\/:\w+$/.test(one)) continue;
      const path = mount + (one === '/' && !layer.route ? '' : sample(one));
      if (layer.handle.stack) {
        const inner = pathsIn(layer.handle.stack, path);
        paths.push(...inner.paths);
        regexes.push(...inner.regexes);
      } else if (path !== '') paths.push(path);
    }
  }
  return { paths, regexes };
}

describe('path gates of the routers mounted at /', function () {
  let t: TestApp;
  before(async () => {
    t = await createTestApp();
  });
  after(async () => {
    await t?.close();
  });

  const gates = () =>
    (t.app as unknown as { router: { stack: Layer[] } }).router.stack.filter((layer) => layer.handle.pathScope);

  it('gates the routers that answer only some paths', () => {
    expect(gates().length).to.be.at.least(14);
  });

  it('every route and path-mounted middleware of a gated router is inside its gate', () => {
    let checked = 0;
    for (const gate of gates()) {
      const scope = gate.handle.pathScope!;
      const { paths, regexes } = pathsIn(gate.handle.stack ?? [], '');
      for (const path of paths) {
        expect(scope.test(path), `${path} is outside the gate ${String(scope)}`).to.equal(true);
        // Express matches string paths case-insensitively and without their trailing slash.
        expect(scope.test(path.toUpperCase()), `${path.toUpperCase()} is outside the gate ${String(scope)}`).to.equal(
          true,
        );
        expect(
          scope.test(path.replace(/\/$/, '')),
          `${path} without its slash is outside the gate ${String(scope)}`,
        ).to.equal(true);
        checked++;
      }
      for (const regex of regexes) {
        const matching = REGEX_ROUTE_SAMPLES.filter((path) => regex.test(path));
        expect(
          matching.length,
          `no sample path for the route ${String(regex)}: add one to REGEX_ROUTE_SAMPLES`,
        ).to.be.greaterThan(0);
        for (const path of matching)
          expect(scope.test(path), `${path} is outside the gate ${String(scope)}`).to.equal(true);
        checked++;
      }
    }
    expect(checked).to.be.at.least(40);
  });

  it('the guest pages under a language prefix are inside their gate', () => {
    const scope = gates().find((gate) => gate.handle.pathScope!.test('/waitlist/join/'))!.handle.pathScope!;
    for (const path of ['/fr/waitlist/join/', '/fr/reservations/new/', '/FR/Waitlist/x1/'])
      expect(scope.test(path), path).to.equal(true);
  });

  it('a public page request walks no gated router', () => {
    const routes = ['/', '/about-us/', '/menu/'];
    for (const gate of gates())
      for (const path of routes)
        expect(gate.handle.pathScope!.test(path), `${path} enters ${String(gate.handle.pathScope)}`).to.equal(false);
  });

  it('answers as before at the edges of the scopes', async () => {
    // Trailing slash optional, case-insensitive: as Express matches the routes.
    await request(t.app).get('/api/ht').expect(200);
    await request(t.app).get('/API/HT/').expect(200);
    await request(t.app).get('/robots.txt/').expect(200);
    // Unknown paths below a gated prefix still reach the not-found answers.
    await request(t.app).get('/api/nothing-here/').expect(404);
    await request(t.app).get('/documents/').expect(404);
    // The OPTIONS answer a router gives for its own paths.
    const options = await request(t.app).options('/api/ht/').expect(200);
    expect(options.headers.allow).to.equal('GET, HEAD');
  });
});
