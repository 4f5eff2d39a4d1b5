import net from 'node:net';
import { removeTemplates } from './helpers/database-templates';

/**
 * Root hooks for every suite: a test fails when anything calls console.error, and no test may
 * open a connection that leaves this machine.
 */
const errors: unknown[][] = [];
const originalError = console.error;

const isLoopback = (host: unknown) =>
  typeof host !== 'string' || host === '' || host === 'localhost' || host.endsWith('.localhost') || host.startsWith('127.') || host === '::1';

const originalConnect = net.Socket.prototype.connect;
net.Socket.prototype.connect = function patchedConnect(this: net.Socket, ...args: unknown[]) {
  const first = args[0] as { host?: unknown; path?: unknown } | number | string | undefined;
  const host = typeof first === 'object' && first !== null ? (first.path ? 'localhost' : first.host) : typeof args[1] === 'string' ? args[1] : 'localhost';
  if (!isLoopback(host)) throw new Error(`Test tried to connect to ${String(host)}: tests may only reach this machine`);
  return (originalConnect as (...a: unknown[]) => net.Socket).apply(this, args);
} as typeof net.Socket.prototype.connect;

export const mochaHooks = {
  async afterAll() {
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
