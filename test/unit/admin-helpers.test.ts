import { expect } from 'chai';
import { safeNextPath } from '../../server/modules/admin/next-url';
import { pageStatus } from '../../server/modules/pages/status';

describe('safeNextPath', () => {
  it('keeps local paths with their query and hash', () => {
    expect(safeNextPath('/wagtail/pages/3/?p=2#top')).to.equal('/wagtail/pages/3/?p=2#top');
  });
  it('falls back for anything that could leave the site or is not a path', () => {
    for (const bad of [
      '//evil.example/',
      '/\\evil.example',
      'https://evil.example/',
      'javascript:alert(1)',
      'wagtail/',
      '',
      '/a\nb',
      undefined,
      42,
      ['/x'],
    ]) {
      expect(safeNextPath(bad), String(bad)).to.equal('/wagtail/');
    }
  });
});

describe('pageStatus', () => {
  const base = { live: false, expired: false, has_unpublished_changes: false, scheduled: false };
  it('words every state as Wagtail does', () => {
    expect(pageStatus(base)).to.equal('draft');
    expect(pageStatus({ ...base, scheduled: true })).to.equal('scheduled');
    expect(pageStatus({ ...base, expired: true })).to.equal('expired');
    expect(pageStatus({ ...base, live: true })).to.equal('live');
    expect(pageStatus({ ...base, live: true, has_unpublished_changes: true })).to.equal('live + draft');
    expect(pageStatus({ ...base, live: true, scheduled: true })).to.equal('live + scheduled');
  });
});
