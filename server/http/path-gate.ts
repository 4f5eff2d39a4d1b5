import type { NextFunction, Request, RequestHandler, Response } from 'express';

/**
 * Where a router's routes can match, as a cheap test of the raw path: either the start of every
 * path it serves (a list of prefixes), or a regular expression for routes that are not under one
 * prefix (language prefixes, regular-expression routes).
 */
export type PathScope = readonly string[] | RegExp;

type Handler = RequestHandler & { stack?: unknown };

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The scope as one regular expression, refusing prefixes the gate would get wrong. */
export function scopeTest(scope: PathScope): RegExp {
  if (scope instanceof RegExp) {
    if (scope.global || scope.sticky)
      throw new Error(`a path scope must not be global or sticky (it keeps state between tests): ${String(scope)}`);
    return scope;
  }
  if (scope.length === 0) throw new Error('a path scope needs at least one prefix');
  for (const prefix of scope) {
    if (!prefix.startsWith('/')) throw new Error(`a path scope prefix must start with '/': ${JSON.stringify(prefix)}`);
    // Express matches '/robots.txt/' for a route '/robots.txt' and '/api/ht' for '/api/ht/' (trailing
    // slashes are optional): a prefix that ends with one would turn the second away.
    if (prefix.length > 1 && prefix.endsWith('/'))
      throw new Error(
        `a path scope prefix must not end with '/' (Express matches routes with or without it): ${JSON.stringify(prefix)}`,
      );
    if (prefix === '/') throw new Error("a path scope of '/' is every path: mount the router without a gate");
  }
  // Case-insensitive, as Express matches string routes (and as the 'i' flag of path-to-regexp).
  return new RegExp(`^(?:${scope.map(escapeRegExp).join('|')})`, 'i');
}

/**
 * A router whose routes are written with their full paths but mounted at '/' runs for every
 * request, setting up its state and trying each of its layers even when none of its paths could
 * match: with fifteen of them in a row, a page request paid for each. The
 * gate tests the raw path (as Express matches it, before decoding) against where the router's
 * routes can match and skips it otherwise, so what answers a request, and how, is unchanged: the
 * scope only has to include every path the router matches (a wider one costs a router walk).
 *
 * The router's stack stays readable on the gate (route listings walk `handle.stack`), and so does
 * the scope, as `pathScope`.
 */
export function gated(scope: PathScope, handler: Handler): RequestHandler {
  const test = scopeTest(scope);
  const gate = function pathGate(req: Request, res: Response, next: NextFunction): unknown {
    // The handler's result goes back to Express, which reports a rejected promise as an error.
    if (test.test(req.path)) return handler(req, res, next);
    next();
    return undefined;
  };
  if (handler.stack !== undefined) Object.defineProperty(gate, 'stack', { value: handler.stack, enumerable: true });
  // test/integration/path-gates.test.ts checks every route of the router against it.
  Object.defineProperty(gate, 'pathScope', { value: test });
  return gate;
}
