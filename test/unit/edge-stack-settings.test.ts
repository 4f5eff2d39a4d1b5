import { expect } from 'chai';
import { backendsVcl } from '../../scripts/stack/backends-vcl';
import { stackSettings } from '../../scripts/stack/settings';

describe('npm run stack settings', () => {
  it('refuses to start without PostgreSQL, in one line', () => {
    for (const env of [{}, { DATABASE_URL: '' }, { DATABASE_URL: 'file:./data' }]) {
      const settings = stackSettings(env);
      expect(settings)
        .to.have.property('error')
        .that.matches(/^npm run stack needs DATABASE_URL=postgres/);
      expect((settings as { error: string }).error).to.not.include('\n');
    }
  });

  it('defaults to the edge on 8080 and three dynos on the next ports', () => {
    const settings = stackSettings({ DATABASE_URL: 'postgres://localhost/harborline' });
    expect(settings).to.deep.include({ port: 8080, dynoPorts: [8081, 8082, 8083], fromSource: false });
  });

  it('names a wrong setting', () => {
    const settings = stackSettings({ DATABASE_URL: 'postgres://x/y', STACK_DYNOS: '0' });
    expect((settings as { error: string }).error).to.match(/^Invalid STACK_DYNOS: /);
    const short = stackSettings({ DATABASE_URL: 'postgres://x/y', EDGE_PURGE_SECRET: 'short' });
    expect((short as { error: string }).error).to.match(/^Invalid EDGE_PURGE_SECRET: /);
  });

  it('writes one probed backend per dyno into the round-robin director', () => {
    const vcl = backendsVcl([41801, 41802]);
    expect(vcl).to.include('backend dyno1 { .host = "127.0.0.1"; .port = "41801"; .probe = dyno_health;');
    expect(vcl).to.include('backend dyno2 { .host = "127.0.0.1"; .port = "41802"; .probe = dyno_health;');
    expect(vcl).to.include('.url = "/api/ht/";');
    expect(vcl).to.include('new dynos = directors.round_robin();');
    expect(vcl.match(/dynos\.add_backend/g)).to.have.length(2);
  });
});
