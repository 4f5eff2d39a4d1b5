import { createRequire } from 'node:module';

/**
 * Loaded before test/setup.ts. With TEST_REACT_BUILD=production the test process renders with
 * React's production build, the one production runs (NODE_ENV=production), although the app runs
 * with NODE_ENV=test: React picks its build when first loaded, so it is loaded here with
 * NODE_ENV=production for that moment, and every later import (ESM or CommonJS) gets the cached
 * module. A server render takes about two thirds of the time of the development build's.
 *
 * `npm test` keeps the development build, whose warnings fail a test (test/setup.ts), in the phase
 * that runs the unit tests, the link crawl (every public page) and the walk of every admin screen
 * shape; the PostgreSQL and browser phases render with the production build
 * (docs/decisions/2026-11-29-react-build-in-tests.md).
 */
if (process.env.TEST_REACT_BUILD === 'production') {
  const require = createRequire(import.meta.url);
  const before = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    for (const name of ['react', 'react/jsx-runtime', 'react-dom', 'react-dom/server']) require(name);
  } finally {
    process.env.NODE_ENV = before;
  }
} else if (process.env.TEST_REACT_BUILD && process.env.TEST_REACT_BUILD !== 'development') {
  throw new Error(`TEST_REACT_BUILD must be production or development, not ${process.env.TEST_REACT_BUILD}`);
}
