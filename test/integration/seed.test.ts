import { expect } from 'chai';
import { createLogger } from '../../server/logger';
import { seedDemoContent } from '../../server/seed/seed';
import { createTestDatabase } from '../helpers/database';

describe('demo seed', () => {
  it('seeds an empty database once and never touches one with content', async function () {
    this.timeout(180_000); // seeds the whole demo twice over (the second time must change nothing)
    const handle = await createTestDatabase();
    try {
      const logger = createLogger('silent');
      const options = { adminUsername: 'admin', adminPassword: 'secret-password', port: 3000 };
      expect(await seedDemoContent(handle.db, logger, options)).to.equal(true);
      const counts = async () => ({
        pages: (await handle.db.selectFrom('pages').select('id').execute()).length,
        sites: (await handle.db.selectFrom('sites').selectAll().execute()).map((s) => s.hostname),
        users: await handle.db.selectFrom('users').select(['username', 'is_superuser']).execute(),
      });
      const first = await counts();
      expect(first.sites).to.deep.equal(['localhost', 'ca.localhost']);
      expect(first.users).to.deep.equal([{ username: 'admin', is_superuser: true }]);
      expect(await seedDemoContent(handle.db, logger, options)).to.equal(false);
      expect(await counts()).to.deep.equal(first);
    } finally {
      await handle.close();
    }
  });
});
