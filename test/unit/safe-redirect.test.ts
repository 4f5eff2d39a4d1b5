import { expect } from 'chai';
import { safeRedirectPath } from '../../server/http/safe-redirect';
import { safeUrlSchema } from '../../shared/schemas/content';
import { isSafeSitePath } from '../../shared/urls/site-path';

/** Redirect targets and link fields that a browser would take off this site (failure 4 and 7 of the hardening review). */
const OFF_SITE = [
  '//evil.example',
  '//evil.example/path',
  '/\\evil.example',
  '/\\/evil.example',
  '\\\\evil.example',
  '/.//evil.example',
  '/./\\evil.example',
  '/..//evil.example',
  '/../..//evil.example',
  '/%2e//evil.example',
  '/%2E//evil.example',
  '/%2e%2e//evil.example',
  '/.%2e//evil.example',
  '/%252e//evil.example',
  '/%2F/evil.example',
  '/%2f%2fevil.example',
  '/%5Cevil.example',
  '/%255Cevil.example',
  '/\t/evil.example',
  '/\n/evil.example',
  '/\r\n/evil.example',
  '/\u0000/evil.example',
  '\t//evil.example',
  ' //evil.example',
  'javascript:alert(1)',
  'JaVaScRiPt:alert(1)',
  '/javascript:alert(1)//%0a',
  'data:text/html,<script>alert(1)</script>',
  'https://evil.example/',
  'http:evil.example',
  'evil.example',
  '',
  '/%',
  '/%zz',
  '/\ud800',
];

const ON_SITE = [
  '/',
  '/wagtail/',
  '/wagtail/pages/3/edit/',
  '/menu/?q=crab%20cakes',
  '/press/#latest',
  '/fr/caf%C3%A9/',
  '/a/./b/',
  '/wagtail/pages/search/?q=//not-a-host',
];

describe('one safe-redirect rule for next, return_url and site-path link fields', () => {
  it('failure 4: refuses the known tricks and falls back', () => {
    for (const candidate of OFF_SITE) {
      expect(safeRedirectPath(candidate, '/home/'), JSON.stringify(candidate)).to.equal('/home/');
      expect(isSafeSitePath(candidate), JSON.stringify(candidate)).to.equal(false);
    }
    expect(safeRedirectPath(undefined, '/x/')).to.equal('/x/');
    expect(safeRedirectPath(['/a/'], '/x/')).to.equal('/x/');
    expect(safeRedirectPath(`/${'a'.repeat(2001)}`, '/x/')).to.equal('/x/');
  });

  it('keeps paths on this site, normalised', () => {
    for (const candidate of ON_SITE) expect(isSafeSitePath(candidate), candidate).to.equal(true);
    expect(safeRedirectPath('/wagtail/pages/3/edit/', '/x/')).to.equal('/wagtail/pages/3/edit/');
    expect(safeRedirectPath('/menu/?q=crab%20cakes', '/x/')).to.equal('/menu/?q=crab%20cakes');
    expect(safeRedirectPath('/a/./b/../c/', '/x/')).to.equal('/a/c/');
  });

  it('failure 7: link fields refuse /\\evil.example and the other off-site paths', () => {
    for (const candidate of OFF_SITE.filter((url) => url.startsWith('/'))) {
      expect(safeUrlSchema.safeParse(candidate).success, JSON.stringify(candidate)).to.equal(false);
    }
    const refused = safeUrlSchema.safeParse('/\\evil.example');
    expect(refused.success).to.equal(false);
    expect(refused.error?.issues.map((issue) => issue.message).join(' ')).to.match(/path on this site/);
    for (const url of [
      '/menu/',
      '#top',
      'https://example.com/',
      'mailto:guest@example.com',
      'tel:+15555550100',
      '/fr/caf%C3%A9/',
    ]) {
      expect(safeUrlSchema.safeParse(url).success, url).to.equal(true);
    }
  });
});
