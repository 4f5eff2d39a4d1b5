import type { RequestHandler } from 'express';
import session from 'express-session';
import type { Config } from '../../config';
import type { Db } from '../../db';
import { bodyParsers } from '../../http/body-parsers';
import { KyselySessionStore } from '../sessions/store';
import { csrf } from './csrf';
import { createAuthenticator } from './passport';

export const SESSION_COOKIE = 'sessionid';
const SESSION_MAX_AGE_MS = 14 * 24 * 60 * 60 * 1000;
const MAX_FORM_BODY = '1mb';

export type SessionStack = {
  /** Body parsers, session, passport and CSRF checking, in order: mount before a router that needs them. */
  middleware: RequestHandler[];
  authenticator: ReturnType<typeof createAuthenticator>;
  store: KyselySessionStore;
};

/**
 * Sessions, login state and CSRF for the routes that need them (the back office, forms and the
 * small form API). Public page renders do not mount this, so they set no cookie and stay cacheable.
 */
export function createSessionStack(config: Config, db: Db): SessionStack {
  const store = new KyselySessionStore(db);
  const authenticator = createAuthenticator(db);
  const middleware: RequestHandler[] = [
    ...bodyParsers(MAX_FORM_BODY),
    session({
      name: SESSION_COOKIE,
      secret: config.sessionSecret,
      store,
      resave: false,
      saveUninitialized: false,
      cookie: {
        httpOnly: true,
        sameSite: 'lax',
        secure: config.env === 'production',
        maxAge: SESSION_MAX_AGE_MS,
        path: '/',
      },
    }),
    authenticator.initialize(),
    authenticator.session(),
    csrf.csrfSynchronisedProtection,
  ];
  return { middleware, authenticator, store };
}
