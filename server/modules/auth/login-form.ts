import type { NextFunction, Request, Response } from 'express';
import { loginFormSchema } from '../../../shared/schemas/admin';
import type { SessionStack } from './session-middleware';

// Wagtail's wording: one message whether the username or the password was wrong.
export const INVALID_LOGIN = "Your username and password didn't match. Please try again.";
export const RATE_LIMITED_LOGIN = 'Too many failed sign-in attempts. Please wait 15 minutes and try again.';

export type LoginFieldErrors = Partial<Record<'username' | 'password', string>>;
export type LoginFailure = { username: string; fieldErrors: LoginFieldErrors; formError?: string };

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
  outcome: { fail(failure: LoginFailure, status: number): void | Promise<void>; succeed(): void; carry?(from: Request['session'], to: Request['session']): void },
): void {
  const body: Record<string, unknown> = typeof req.body === 'object' && req.body !== null ? req.body : {};
  const username = typeof body.username === 'string' ? body.username.slice(0, 150) : '';
  const fail = (failure: LoginFailure, status: number) => Promise.resolve(outcome.fail(failure, status)).catch(next);
  const parsed = loginFormSchema.safeParse(body);
  if (!parsed.success) {
    const fieldErrors: LoginFieldErrors = {};
    for (const issue of parsed.error.issues) {
      const field = issue.path[0];
      if ((field === 'username' || field === 'password') && !fieldErrors[field]) fieldErrors[field] = issue.message;
    }
    void fail({ username, fieldErrors }, 400);
    return;
  }
  sessions.authenticator.authenticate('local', (error: unknown, user: Express.User | false, info?: { message?: string }) => {
    if (error) return next(error);
    if (!user) {
      const limited = info?.message === 'rate_limited';
      void fail({ username, fieldErrors: {}, formError: limited ? RATE_LIMITED_LOGIN : INVALID_LOGIN }, limited ? 429 : 200);
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
