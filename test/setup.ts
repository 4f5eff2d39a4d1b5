import net from 'node:net';
import React from 'react';
// Features register into the core once per process, as the app does (services are tested without it too).
import '../server/composition';
import { runProcessEnd } from './helpers/process-end';
import { removeTemplates } from './helpers/database-templates';

/**
 * Root hooks for every suite: a test fails when anything calls console.error, and no test may
 * open a connection that leaves this machine.
 */
const errors: unknown[][] = [];
const originalError = console.error;

const isLoopback = (host: unknown) =>
  typeof host !== 'string' ||
  host === '' ||
  host === 'localhost' ||
  host.endsWith('.localhost') ||
  host.startsWith('127.') ||
  host === '::1';

const originalConnect = net.Socket.prototype.connect;
net.Socket.prototype.connect = function patchedConnect(this: net.Socket, ...args: unknown[]) {
  const first = args[0] as { host?: unknown; path?: unknown } | number | string | undefined;
  const host =
    typeof first === 'object' && first !== null
      ? first.path
        ? 'localhost'
        : first.host
      : typeof args[1] === 'string'
        ? args[1]
        : 'localhost';
  if (!isLoopback(host)) throw new Error(`Test tried to connect to ${String(host)}: tests may only reach this machine`);
  return (originalConnect as (...a: unknown[]) => net.Socket).apply(this, args);
} as typeof net.Socket.prototype.connect;

/**
 * React's development build (NODE_ENV=test) records an "owner stack" for every element it
 * creates: an Error captured per JSX call, up to 10,000 a second, only to make the component
 * stack of a warning more precise. Server renders in tests spent about a fifth of their CPU on
 * it (a profile of the crawl test). React's own limit is set to "spent" here, so elements take
 * its shared placeholder stack: every development warning is still raised (and fails the test
 * through console.error below), with a shorter component stack. TEST_REACT_OWNER_STACKS=1 keeps
 * the full stacks, for chasing a warning.
 */
if (process.env.TEST_REACT_OWNER_STACKS !== '1') {
  const internals = (React as unknown as Record<string, { recentlyCreatedOwnerStacks?: number } | undefined>)
    .__CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE;
  if (internals && 'recentlyCreatedOwnerStacks' in internals) {
    Object.defineProperty(internals, 'recentlyCreatedOwnerStacks', {
      get: () => Number.POSITIVE_INFINITY,
      set: () => undefined,
      configurable: true,
    });
  }
}

export const mochaHooks = {
  async afterAll() {
    await runProcessEnd();
    await removeTemplates();
  },
  beforeEach() {
    errors.length = 0;
    console.error = (...args: unknown[]) => {
      errors.push(args);
      originalError(...args);
    };
  },
  afterEach() {
    console.error = originalError;
    if (errors.length) {
      const first = errors[0]!.map((a) => (a instanceof Error ? a.message : String(a))).join(' ');
      throw new Error(`console.error was called ${errors.length} time(s) during the test: ${first}`);
    }
  },
};
