import { expect } from 'chai';
import request from 'supertest';
import type { PagePayload } from '../../shared/schemas/page-payload';
import { nearbyLocations } from '../../server/modules/locations/service';
import { pickerSuffix } from '../../shared/locations/picker-text';
import type { TestApp } from '../helpers/app';
import { useTestApp } from '../helpers/app-suite';

const payloadOf = (html: string): PagePayload => {
  const json = /<script type="application\/json" id="page-data"[^>]*>([\s\S]*?)<\/script>/.exec(html)?.[1];
  if (!json) throw new Error('no page data');
  return JSON.parse(json) as PagePayload;
};
const triggerText = (html: string) => /class="location-picker__text">([^<]*)</.exec(html)?.[1]?.replace(/&amp;/g, '&');

describe('header location picker, server render', () => {
  let t: TestApp;
  useTestApp({}, (suite) => ({ t } = suite));

  it('renders the call to action without the li cookie, and the map page URL for the popover', async () => {
    const res = await request(t.app).get('/').expect(200);
    expect(triggerText(res.text)).to.equal('Find A Location Near You');
    expect(res.headers.vary).to.match(/Cookie/i);
    expect(payloadOf(res.text).context.locationPicker).to.deep.equal({
      preferredLocation: null,
      mapPageUrl: '/locations/map/',
    });
  });

  it('renders the saved location from the li cookie and sends it for hydration', async () => {
    const { locations } = await nearbyLocations(t.db, { latitude: 28.5383, longitude: -81.3792, radius: 50, limit: 1 });
    const location = locations[0]!.location;
    const res = await request(t.app).get('/').set('Cookie', `theme=x; li=${location.rlid}`).expect(200);
    expect(triggerText(res.text)).to.equal(`${location.city}, ${location.state} ${pickerSuffix(location)}`);
    expect(payloadOf(res.text).context.locationPicker?.preferredLocation).to.deep.equal(location);
  });

  it('treats an unknown or malformed rlid as no saved location, never an error', async () => {
    for (const cookie of ['li=999999999', 'li=abc']) {
      const res = await request(t.app).get('/').set('Cookie', cookie).expect(200);
      expect(triggerText(res.text), cookie).to.equal('Find A Location Near You');
    }
  });

  it('translates the trigger and carries the popover strings on French pages', async () => {
    const res = await request(t.app).get('/fr/').set('Host', 'ca.localhost').expect(200);
    expect(triggerText(res.text)).to.equal('Trouver un restaurant près de chez vous');
    const keys = payloadOf(res.text).context.catalog.map((entry) => entry.key);
    expect(keys).to.include.members(['Change Location', 'Use My Current Location', 'View All Locations']);
  });
});
