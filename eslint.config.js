import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/*
 * Besides the usual checks, three rules keep the layers of CONVENTIONS.md apart
 * (docs/decisions/2026-11-23-lint-enforces-layers.md):
 *
 * 1. SQL only in repos: Kysely queries (db.selectFrom/insertInto/updateTable/deleteFrom/
 *    replaceInto/mergeInto/selectNoFrom and the sql`` tag) are written only in files whose name
 *    contains "repo", in migrations/, scripts/ and test/, and in the database plumbing
 *    (server/db.ts, server/events.ts).
 * 2. Views and the browser never import the server: views/ and client/ import nothing from
 *    server/ (types included; view models live in shared/), views/ nothing from client/, and
 *    shared/ nothing from server/, views/ or client/.
 * 3. The server's business modules do not depend on the UI: in server/, only the SSR renderer
 *    (server/ssr/), route files (routes.ts, *-routes.ts(x)), render.tsx files and the back office
 *    (server/modules/admin/, the HTTP layer of /wagtail/) import views/. Everything in server/ may
 *    import the block schemas, which are data, not UI: views/blocks/schemas.ts,
 *    views/blocks/<name>/schema.ts, define.ts and demo-images.ts. Nothing in server/ imports client/.
 */

const QUERY_BUILDERS = 'selectFrom|insertInto|updateTable|deleteFrom|replaceInto|mergeInto|selectNoFrom';
const SQL_ONLY_IN_REPOS = 'SQL lives only in repo files (*repo*.ts), migrations/ and scripts/: call a repo function.';
/**
 * `import { z }` brings zod's whole namespace object (every locale, the JSON Schema converters)
 * into a browser bundle: 454 KB where `import * as z` leaves 91 KB. One style everywhere (the
 * files without the SQL rule are server, script and test code, never bundled for the browser).
 */
const ZOD_NAMESPACE = {
  selector: "ImportDeclaration[source.value='zod'] > ImportSpecifier[imported.name='z']",
  message: "Write `import * as z from 'zod'`: the named `z` keeps all of zod (every locale) in the browser bundle.",
};
const queryRule = [
  'error',
  ZOD_NAMESPACE,
  {
    selector: `CallExpression[callee.type='MemberExpression'][callee.property.name=/^(${QUERY_BUILDERS})$/]`,
    message: SQL_ONLY_IN_REPOS,
  },
  { selector: "TaggedTemplateExpression[tag.name='sql']", message: SQL_ONLY_IN_REPOS },
  { selector: "CallExpression[callee.type='MemberExpression'][callee.object.name='sql']", message: SQL_ONLY_IN_REPOS },
];

const noUtils = {
  group: ['**/utils', '**/utils.ts'],
  message: 'No catch-all utils modules: name the file after what it does.',
};
const noKysely = {
  name: 'kysely',
  message: 'Views, browser code and shared code never touch Kysely: the server calls a repo.',
};

const layerRule = (regex, message) => ['error', { patterns: [{ regex, message }] }];
const VIEWS_NOT_SERVER =
  'Views and browser code never import the server: put the type in shared/ and import it from there.';
const SERVER_NOT_UI =
  'Only the SSR renderer, route files, render.tsx files and the back office import views/; other server code may import the block schemas only (docs/decisions/2026-11-23-lint-enforces-layers.md).';

export default tseslint.config(
  { ignores: ['dist/', 'data/', 'node_modules/', 'test/summary-reporter.cjs'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-imports': ['error', { patterns: [noUtils] }],
      'no-restricted-syntax': queryRule,
    },
  },
  {
    // Components and hooks live in .tsx files and in views/ and client/. The hooks rules run the
    // React Compiler's analysis on every file they see (two thirds of the lint's time): the
    // server's and the scripts' plain .ts files hold no component to check.
    files: ['**/*.tsx', 'views/**/*.ts', 'client/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    files: ['**/*repo*.ts', 'migrations/**', 'scripts/**', 'test/**', 'server/db.ts', 'server/events.ts'],
    rules: { 'no-restricted-syntax': 'off' },
  },
  {
    files: ['views/**/*.{ts,tsx}', 'client/**/*.{ts,tsx}', 'shared/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { paths: [noKysely], patterns: [noUtils] }] },
  },
  {
    files: ['views/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': layerRule(
        '^(\\.\\./)+(server|client)/',
        `${VIEWS_NOT_SERVER} Nor client/: the browser entries build on views, not the reverse.`,
      ),
    },
  },
  {
    files: ['client/**/*.{ts,tsx}'],
    rules: { '@typescript-eslint/no-restricted-imports': layerRule('^(\\.\\./)+server/', VIEWS_NOT_SERVER) },
  },
  {
    files: ['shared/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': layerRule(
        '^(\\.\\./)+(server|views|client)/',
        'shared/ is the bottom layer: it imports nothing from server/, views/ or client/.',
      ),
    },
  },
  {
    files: ['server/**/*.{ts,tsx}'],
    ignores: [
      'server/ssr/**',
      'server/modules/admin/**',
      'server/modules/**/routes.{ts,tsx}',
      'server/modules/**/*-routes.{ts,tsx}',
      'server/modules/**/render.tsx',
      // The 503 page drawn without the database (error handler and shutdown drain share it).
      'server/http/unavailable-page.tsx',
    ],
    rules: {
      '@typescript-eslint/no-restricted-imports': layerRule(
        '^(\\.\\./)+(client/|views/(?!blocks/(schemas|[a-z0-9-]+/schema|define|demo-images)$))',
        SERVER_NOT_UI,
      ),
    },
  },
  {
    files: [
      'server/ssr/**',
      'server/modules/admin/**',
      'server/modules/**/routes.{ts,tsx}',
      'server/modules/**/*-routes.{ts,tsx}',
      'server/modules/**/render.tsx',
      'server/http/unavailable-page.tsx',
    ],
    rules: {
      '@typescript-eslint/no-restricted-imports': layerRule(
        '^(\\.\\./)+client/',
        'The server never imports browser code (client/).',
      ),
    },
  },
  {
    // Route files and the whole back office are the HTTP layer: they call a domain's service,
    // never its repo (CONVENTIONS.md), so rules and transactions stay in one place.
    files: ['server/modules/admin/**', 'server/modules/**/routes.{ts,tsx}', 'server/modules/**/*-routes.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '^(\\.\\./)+client/', message: 'The server never imports browser code (client/).' },
            {
              regex: '(^|/)([a-z-]+-)?repo$',
              message:
                'Routes and back-office screens call a service, never a repo: add the function to the domain service.',
            },
          ],
        },
      ],
    },
  },
);
