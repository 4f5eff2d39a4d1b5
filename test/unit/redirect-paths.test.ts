import { expect } from 'chai';
import { checkOldPath, lookupKeys, normalisePath, redirectKey } from '../../shared/redirects/normalise';
import { RESERVED_REDIRECT_PREFIXES, reservedPrefixOf } from '../../shared/redirects/reserved-paths';
import { checkRedirectLink, normaliseRedirectLink, redirectFormSchema } from '../../shared/schemas/redirects';

/**
 * The redirect path rules (docs/security.md, "Redirects"): one normalisation for old paths,
 * targets and requests; backslashes refused; nothing under the application's own paths.
 */
const keyOf = (raw: string) => {
  const normalised = normalisePath(raw);
  return 'error' in normalised ? normalised.error : redirectKey(normalised, true);
};
const oldPathError = (raw: string) => {
  const checked = checkOldPath(raw);
  return 'error' in checked ? checked.error : undefined;
};
const linkOf = (raw: string) => {
  const checked = normaliseRedirectLink(raw);
  return 'error' in checked ? `error: ${checked.error}` : checked.link;
};

describe('redirect paths: one normalisation for old paths, targets and requests', () => {
  it('resolves dot segments, also percent-encoded, as a browser does', () => {
    expect(keyOf('/loop-a/./')).to.equal('/loop-a/');
    expect(keyOf('/loop-a/.')).to.equal('/loop-a/');
    expect(keyOf('/x/../loop-a/')).to.equal('/loop-a/');
    expect(keyOf('/loop-a/%2e/')).to.equal('/loop-a/');
    expect(keyOf('/x/%2E%2E/loop-a/')).to.equal('/loop-a/');
    expect(keyOf('/../../loop-a/')).to.equal('/loop-a/');
    expect(keyOf('/loop-a/./?b=2&a=1')).to.equal('/loop-a/?a=1&b=2');
  });

  it('decodes percent-escapes exactly once, whatever the case of their hex digits', () => {
    expect(keyOf('/%6Coop-a/')).to.equal('/loop-a/');
    expect(keyOf('/%6coop-a/')).to.equal('/loop-a/');
    expect(keyOf('/caf%c3%a9/')).to.equal(keyOf('/caf%C3%A9/'));
    expect(keyOf('/caf%C3%A9/')).to.equal('/café/');
    // Twice-encoded stays distinct: '%2577' is a literal '%77', never 'w'.
    expect(keyOf('/%2577agtail/')).to.equal('/%77agtail/');
  });

  it('refuses a backslash, written or percent-encoded, and control characters hidden by encoding', () => {
    for (const raw of ['/\\evil.example/', '/a\\b/', '/a%5Cb/', '/a%5cb/', 'https://example.com/a\\b'])
      expect(keyOf(raw), raw).to.match(/backslash/);
    expect(keyOf('/a%0d%0aSet-Cookie:x/')).to.equal('The path contains control characters.');
  });

  it('refuses old paths with dot segments, over 255 characters, or under a path the application serves', () => {
    expect(oldPathError('/a/../b')).to.equal("The path must not contain '.' or '..' segments.");
    expect(oldPathError(`/${'x'.repeat(300)}`)).to.match(/too long/);
    for (const raw of [
      '/wagtail/',
      '/wagtail',
      '/wagtail/login/',
      '/%77agtail/login/',
      '/%2577agtail/login/',
      '/%252577agtail/login/',
      '/WAGTAIL/login/',
      '/WaGtAiL/',
      '/wagtail%2Flogin/',
      '/wagtail%2flogin/',
      '/./wagtail/', // refused for its dot segment, and reserved once resolved
      '/x/%2e%2e/wagtail/',
      'https://www.example.com/wagtail/login/',
      '/_util/login/',
      '/api/ht/',
      '/api-nc/csrf/',
      '/static/app.js',
      '/media/images/1/',
      '/documents/1/menu.pdf',
      '/.well-known/security.txt',
      '/robots.txt',
      '/sitemap.xml',
      '/admin/lb-heartbeat/',
    ])
      expect(oldPathError(raw), raw).to.be.a('string');
    for (const raw of ['/%77agtail/login/', '/WAGTAIL/login/', '/%2577agtail/', '/wagtail%2Flogin/'])
      expect(oldPathError(raw), raw).to.equal(
        'Paths under /wagtail/ belong to the application itself and cannot be redirected.',
      );
    expect(oldPathError('//wagtail/')).to.equal('Enter a path such as /old-page/, without a host.');
    // Only whole segments are reserved.
    for (const raw of ['/wagtails/', '/wagtail-tips/', '/my/wagtail/', '/apiary/', '/static-menu/', '/robots.txt.old'])
      expect(oldPathError(raw), raw).to.equal(undefined);
  });

  it('finds every spelling of a reserved path', () => {
    expect(reservedPrefixOf('/wagtail/')).to.equal('/wagtail/');
    expect(reservedPrefixOf('/%77agtail/')).to.equal('/wagtail/');
    expect(reservedPrefixOf('/%25%37%37agtail/')).to.equal('/wagtail/');
    expect(reservedPrefixOf('//wagtail/')).to.equal('/wagtail/');
    expect(reservedPrefixOf('/a/%2e%2e/wagtail/x/')).to.equal('/wagtail/');
    expect(reservedPrefixOf('/%5Cwagtail/')).to.equal('/wagtail/');
    expect(reservedPrefixOf('/menu/')).to.equal(undefined);
    for (const prefix of RESERVED_REDIRECT_PREFIXES) expect(reservedPrefixOf(prefix), prefix).to.equal(prefix);
  });

  it('looks a request up by the same normalisation as the stored key', () => {
    const request = normalisePath('/Loop-A/./?utm=1');
    expect(request).not.to.have.property('error');
    expect(lookupKeys(request as { path: string; query: string })).to.deep.equal(['/loop-a/?utm=1', '/loop-a/']);
  });
});

describe('redirect targets', () => {
  it('stores a site path with its dot segments resolved, so loop checks see the real target', () => {
    expect(linkOf('/loop-a/./')).to.equal('/loop-a/');
    expect(linkOf('/loop-a/%2e/')).to.equal('/loop-a/');
    expect(linkOf('/a/b/../c/?x=1#top')).to.equal('/a/c/?x=1#top');
    expect(linkOf('https://example.com/a/')).to.equal('https://example.com/a/');
  });

  it('refuses a backslash anywhere, written or as %5C, and paths a browser would take off the site', () => {
    for (const raw of [
      '/\\evil.example/',
      '/%5Cevil.example/',
      '/%5cevil.example/',
      'https://harborline.example\\@evil.example/',
      'https://example.com/%5C',
    ])
      expect(checkRedirectLink(raw), raw).to.match(/backslash/);
    for (const raw of [
      '/.//evil.example/',
      '/%2e//evil.example/',
      '//evil.example/',
      '/\t/evil.example',
      '/a b/',
      '/%255Cevil.example/', // a backslash once decoded twice
    ])
      expect(checkRedirectLink(raw), raw).to.be.a('string');
    expect(checkRedirectLink('javascript:alert(1)')).to.match(/^Enter a web address/);
  });

  it('the form keeps the normalised link', () => {
    const parsed = redirectFormSchema.parse({
      old_path: '/Old/',
      site: '',
      redirect_page: '',
      redirect_link: '/new/./menu/../',
      is_permanent: 'permanent',
    });
    expect(parsed).to.include({ oldPath: '/old/', link: '/new/' });
  });
});
