import type { NextFunction, Request, Response } from 'express';
import { loginFormSchema } from '../../../shared/schemas/admin';
import { formErrors } from '../../http/validate';
import type { SessionStack } from './session-middleware';

// Wagtail's wording: one message whether the username or the password was wrong.
export const INVALID_LOGIN = "Your username and password didn't match. Please try again.";
export const RATE_LIMITED_LOGIN = 'Too many failed sign-in attempts.';

/** The refusal with the wait the rate limit gave (seconds up to two minutes, then minutes). */
export function rateLimitedLogin(retryAfterSeconds: number): string {
  const wait =
    retryAfterSeconds < 120 ? plural(retryAfterSeconds, 'second') : plural(Math.ceil(retryAfterSeconds / 60), 'minute');
  return `${RATE_LIMITED_LOGIN} Try again in ${wait}.`;
}

const plural = (count: number, unit: string) => `${count} ${unit}${count === 1 ? '' : 's'}`;

export type LoginFieldErrors = Partial<Record<'username' | 'password', string>>;
export type LoginFailure = { username: string; fieldErrors: LoginFieldErrors; formError?: string };

/** What the passport strategy says about a refused login (server/modules/auth/passport.ts). */
export type LoginRefusal = { message?: string; retryAfterSeconds?: number };

/**
 * The POST of a login form, shared by the back office (/wagtail/login/) and the public gate
 * (/_util/login/): validates with the shared schema, authenticates with passport (rate-limited
 * per account and per address), then signs in, which rotates the session id. `carry` copies a
 * value of the old session into the new one (the shared page passwords a visitor already gave).
 */
export function handleLoginPost(
  sessions: SessionStack,
  req: Request,
  res: Response,
  next: NextFunction,
  outcome: {
    fail(failure: LoginFailure, status: number): void | Promise<void>;
    succeed(): void;
    carry?(from: Request['session'], to: Request['session']): void;
  },
): void {
  const body: Record<string, unknown> = typeof req.body === 'object' && req.body !== null ? req.body : {};
  const username = typeof body.username === 'string' ? body.username.slice(0, 150) : '';
  const fail = (failure: LoginFailure, status: number) => Promise.resolve(outcome.fail(failure, status)).catch(next);
  const parsed = loginFormSchema.safeParse(body);
  if (!parsed.success) {
    void fail({ username, fieldErrors: formErrors(parsed.error, ['username', 'password']).fieldErrors }, 400);
    return;
  }
  sessions.authenticator.authenticate('local', (error: unknown, user: Express.User | false, info?: LoginRefusal) => {
    if (error) return next(error);
    if (!user) {
      if (info?.message === 'rate_limited') {
        const wait = info.retryAfterSeconds ?? 1;
        res.setHeader('Retry-After', String(wait));
        void fail({ username, fieldErrors: {}, formError: rateLimitedLogin(wait) }, 429);
      } else {
        void fail({ username, fieldErrors: {}, formError: INVALID_LOGIN }, 200);
      }
      return;
    }
    const previous = { ...req.session } as Request['session'];
    req.logIn(user, (loginError) => {
      if (loginError) return next(loginError);
      outcome.carry?.(previous, req.session);
      outcome.succeed();
    });
  })(req, res, next);
}
