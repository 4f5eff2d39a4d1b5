import passport from 'passport';
import { Strategy as LocalStrategy } from 'passport-local';
import type { Db } from '../../db';
import { clientAddress } from '../../http/client-address';
import { authenticate, userForSession } from './service';
import { toSessionUser } from './session-user';
import './session-user';

/**
 * One Authenticator per app (not passport's global singleton), so several apps on different
 * databases, as the tests build them, never share strategies or serialisers.
 */
export function createAuthenticator(db: Db): passport.Authenticator {
  const authenticator = new passport.Passport();
  authenticator.use(
    new LocalStrategy({ passReqToCallback: true }, (req, username, password, done) => {
      authenticate(db, { username, password, ip: clientAddress(req) }).then(
        (result) => {
          if (result.ok) return done(null, toSessionUser(result.user));
          done(null, false, {
            message: result.reason,
            ...(result.reason === 'rate_limited' ? { retryAfterSeconds: result.retryAfterSeconds } : {}),
          });
        },
        (error) => done(error),
      );
    }),
  );
  authenticator.serializeUser((user, done) => done(null, user.id));
  authenticator.deserializeUser((id: unknown, done) => {
    if (typeof id !== 'number') return done(null, false);
    userForSession(db, id).then(
      (user) => done(null, user ? toSessionUser(user) : false),
      (error) => done(error),
    );
  });
  return authenticator;
}
