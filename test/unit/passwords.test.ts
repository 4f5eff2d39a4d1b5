import { expect } from 'chai';
import argon2 from 'argon2';
import { hashOptions, hashPassword, verifyPassword } from '../../server/modules/users/passwords';

describe('password hashes', function () {
  this.timeout(30_000); // three hashes at full cost
  it('use argon2id at the library defaults outside tests, and the smallest cost only under NODE_ENV=test', async () => {
    for (const env of ['production', 'development']) {
      const hash = await argon2.hash('a password', hashOptions(env));
      expect(hash, String(env)).to.match(/^\$argon2id\$v=19\$m=65536,p=4,t=3\$/);
    }
    expect(await argon2.hash('a password', hashOptions('test'))).to.match(/^\$argon2id\$v=19\$m=1024,p=1,t=1\$/);
  });

  it('check a password against a hash of either cost', async () => {
    const strong = await argon2.hash('the password', hashOptions('production'));
    const cheap = await hashPassword('the password');
    for (const hash of [strong, cheap]) {
      expect(await verifyPassword(hash, 'the password')).to.equal(true);
      expect(await verifyPassword(hash, 'another password')).to.equal(false);
    }
    expect(await verifyPassword('not a hash', 'the password')).to.equal(false);
  });
});
