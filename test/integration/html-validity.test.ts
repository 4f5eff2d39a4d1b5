import { expect } from 'chai';
import request from 'supertest';
import type { TestApp } from '../helpers/app';
import { useTestApp } from '../helpers/app-suite';
import { validateHtml, type ValidatorMessage } from '../helpers/html-validator';

const US = 'localhost:3000';
const CA = 'ca.localhost:3000';

const INVALID = '(a known-invalid document)';
const INVALID_DOCUMENT =
  '<!DOCTYPE html><html lang="en"><head><title>x</title></head><body><meta itemprop="x" name="y"></body></html>';

function templateOf(html: string): string {
  return /"template":"([A-Za-z0-9]+)"/.exec(html)?.[1] ?? '(none)';
}

/** A restaurant's local page and its rlid, from a city list's page data. */
async function firstRestaurant(t: TestApp, host: string, cityList: string): Promise<{ url: string; rlid: number }> {
  const res = await request(t.app).get(cityList).set('Host', host).expect(200);
  const match = /"locations":\[\{.*?"rlid":(\d+).*?"url":"([^"]+)"/.exec(res.text);
  if (!match) throw new Error(`no restaurant on ${cityList}`);
  return { rlid: Number(match[1]), url: match[2]! };
}

describe('every public template is valid HTML (Nu HTML Checker)', function () {
  // One Java start for every page (about 10 s on a busy machine).
  this.timeout(120_000);
  let t: TestApp;
  useTestApp({}, (suite) => ({ t } = suite));

  it('finds no error on one page of each template, on both sites and in French', async () => {
    const orlando = await firstRestaurant(t, US, '/locations/list/florida/orlando/');
    const montreal = await firstRestaurant(t, CA, '/fr/locations/list/quebec/montreal/');
    // Reservations are open at about a quarter of the demo's restaurants.
    const booking = async (country: string) =>
      (
        await t.db
          .selectFrom('locations')
          .select('rlid')
          .where('country', '=', country)
          .where('is_reservations_enabled', '=', true)
          .orderBy('rlid')
          .executeTakeFirstOrThrow()
      ).rlid;
    const [usBooking, caBooking] = [await booking('US'), await booking('CA')];
    const pages: Array<[host: string, path: string]> = [
      ...[
        '/',
        '/block-gallery/',
        '/terms-of-use/',
        '/contact-us/',
        '/contact-us-thanks/',
        '/email-signup/',
        '/fresh-catch-news/',
        '/press/',
        '/press/releases/',
        '/press/lobster-rolls/',
        '/locations/',
        '/locations/map/',
        '/locations/list/florida/orlando/',
        orlando.url,
        `/waitlist/join/?rlid=${orlando.rlid}`,
        `/reservations/new/?rlid=${usBooking}`,
        '/error-pages/404/',
        '/blocks/footer/',
      ].map((path) => [US, path] as [string, string]),
      ...['/', '/menu/', '/contact-us/', '/locations/', '/locations/list/ontario/toronto/'].map(
        (path) => [CA, path] as [string, string],
      ),
      ...[
        '/fr/',
        '/fr/menu/',
        '/fr/terms-of-use/',
        '/fr/contact-us/',
        '/fr/email-signup/',
        '/fr/press/',
        '/fr/press/releases/',
        '/fr/press/lobster-rolls/',
        '/fr/locations/',
        '/fr/locations/map/',
        '/fr/locations/list/quebec/montreal/',
        montreal.url,
        `/fr/waitlist/join/?rlid=${montreal.rlid}`,
        `/fr/reservations/new/?rlid=${caBooking}`,
        '/fr/error-pages/404/',
      ].map((path) => [CA, path] as [string, string]),
    ];
    const documents: Record<string, string> = {};
    const templates = new Set<string>();
    for (const [host, path] of pages) {
      const res = await request(t.app).get(path).set('Host', host);
      expect([200, 404], `${host}${path}`).to.include(res.status);
      expect(res.headers['content-type'], `${host}${path}`).to.match(/text\/html/);
      documents[`${host}${path}`] = res.text;
      templates.add(templateOf(res.text));
    }
    // Every public template is among them (the redirect page answers a redirect, not HTML).
    expect([...templates].sort()).to.deep.equal(
      [
        'ContactUsPage',
        'ContactUsPageLandingPage',
        'EmailSignupPage',
        'EmailSignupPageLandingPage',
        'Error404',
        'ExamplePage',
        'Footer',
        'HomePage',
        'LocationsPageLocation',
        'LocationsPageLocationList',
        'LocationsPageMap',
        'LocationsPageStateList',
        'PressReleaseListPage',
        'PressReleasePage',
        'PressSectionPage',
        'ReservationPage',
        'UtilityPage',
        'WaitlistPage',
      ].sort(),
    );
    // A known-bad document in the same batch proves the checker ran and reports errors
    // (one Java start for everything: the JVM's start-up is the slow part).
    const results = await validateHtml({ ...documents, [INVALID]: INVALID_DOCUMENT });
    expect(results[INVALID]!.filter((message) => message.type === 'error').length).to.be.greaterThan(0);
    delete results[INVALID];
    const explain = (message: ValidatorMessage) => `${message.message} [${message.extract ?? ''}]`;
    const errors = Object.entries(results).flatMap(([page, messages]) =>
      messages
        .filter((message) => message.type === 'error' || message.subType === 'fatal')
        .map((m) => `${page}: ${explain(m)}`),
    );
    expect(errors.join('\n')).to.equal('');
    // The one warning the embeds used to draw: a sandbox that allows scripts and same-origin.
    const sandbox = Object.entries(results).flatMap(([page, messages]) =>
      messages.filter((message) => message.message.includes('allow-same-origin')).map((m) => `${page}: ${explain(m)}`),
    );
    expect(sandbox.join('\n')).to.equal('');
  });
});
