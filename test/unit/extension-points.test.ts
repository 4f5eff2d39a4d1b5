import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'chai';
import ts from 'typescript';
import { clientTemplates } from '../../client/templates';
import { pageTypes } from '../../server/modules/pages/page-types';
import { catalogFor } from '../../shared/i18n/catalogs';
import { blockComponents } from '../../views/blocks/components';
import { blockSchemas } from '../../views/blocks/schemas';
import { serverTemplates } from '../../views/templates/index';
import { ROOT } from '../helpers/import-graph';

/**
 * The lists a new block or page type is added to (README, "Recipes") must agree, so that
 * forgetting one fails here instead of on a page: a block registered for the server but not the
 * browser renders nothing after hydration; one without styles or French strings looks broken.
 */

const BLOCKS_DIR = join(ROOT, 'views/blocks');
const BLOCK_CSS = join(ROOT, 'client/styles/blocks.css');

/** Templates rendered by a route of their own rather than for a page of the tree, and where. */
const ROUTE_TEMPLATES: Record<string, string> = {
  Footer: 'server/modules/navigation/routes.ts',
  LocationsPageLocation: 'server/modules/locations/page-routes.ts',
  LocationsPageLocationList: 'server/modules/locations/page-routes.ts',
  WaitlistPage: 'server/modules/waitlist/waitlist-guest-pages.ts',
  ReservationPage: 'server/modules/waitlist/reservation-guest-pages.ts',
  AccessibilityReportPage: 'server/modules/forms/a11y-report-routes.ts',
};

const folderOf = (blockType: string) => blockType.replaceAll('_', '-');
const sorted = (values: Iterable<string>) => [...values].sort();

function filesIn(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesIn(join(dir, entry.name)) : /\.tsx?$/.test(entry.name) ? [join(dir, entry.name)] : [],
  );
}

/** Class names of the form block-<name>, without their __element or --modifier parts. */
const blockClassesIn = (text: string) =>
  new Set([...text.matchAll(/(?<![\w-])block-[a-z0-9]+(?:-[a-z0-9]+)*/g)].map((match) => match[0]));

type Lookup = { key: string; context: string; plural: boolean } | { dynamic: string };

/** Every `t(…)` call in a file: its literal key and context, or the expression used instead. */
function translationLookups(file: string): Lookup[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const found: Lookup[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 't') {
      const [key, options] = node.arguments;
      const option = (name: string) =>
        options && ts.isObjectLiteralExpression(options)
          ? options.properties.find(
              (p): p is ts.PropertyAssignment =>
                ts.isPropertyAssignment(p) && ts.isIdentifier(p.name) && p.name.text === name,
            )
          : undefined;
      const context = option('context')?.initializer;
      if (!key || !ts.isStringLiteralLike(key) || (context && !ts.isStringLiteralLike(context))) {
        found.push({ dynamic: `${file.slice(ROOT.length + 1)}: ${node.getText(source).slice(0, 80)}` });
      } else {
        found.push({
          key: key.text,
          context: context && ts.isStringLiteralLike(context) ? context.text : '',
          plural: !!option('plural'),
        });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('extension points agree', () => {
  describe('blocks', () => {
    const schemaTypes = sorted(blockSchemas.keys());

    it('has a component in the browser registry for every schema, and no other', () => {
      expect(
        sorted(Object.keys(blockComponents)),
        'views/blocks/components.ts vs views/blocks/schemas.ts',
      ).to.deep.equal(schemaTypes);
      for (const [type, definition] of blockSchemas)
        expect(definition.type, `the type inside ${type}'s definition`).to.equal(type);
    });

    it('keeps each block in its own folder (schema.ts and Block.tsx), and every folder is registered', () => {
      const folders = readdirSync(BLOCKS_DIR, { withFileTypes: true })
        .filter((entry) => entry.isDirectory())
        .map((entry) => entry.name);
      expect(sorted(folders), 'folders of views/blocks/').to.deep.equal(sorted(schemaTypes.map(folderOf)));
      for (const folder of folders) {
        for (const file of ['schema.ts', 'Block.tsx'])
          expect(existsSync(join(BLOCKS_DIR, folder, file)), `views/blocks/${folder}/${file}`).to.equal(true);
      }
    });

    it('gives every block a valid demo value', () => {
      for (const [type, definition] of blockSchemas) {
        const parsed = definition.schema.safeParse(definition.demo);
        expect(parsed.success, `${type}: ${JSON.stringify(parsed.error?.issues ?? [])}`).to.equal(true);
      }
    });

    it('styles every block in client/styles/blocks.css, and styles no block that does not exist', () => {
      const css = readFileSync(BLOCK_CSS, 'utf8').replace(/\/\*[\s\S]*?\*\//g, '');
      const cssClasses = blockClassesIn(
        css.replace(/[^{}]*\{[^{}]*\}/g, (rule) => rule.slice(0, rule.indexOf('{'))).replace(/@media[^{]*\{/g, ''),
      );
      const cssTypes = new Set([...css.matchAll(/\[data-block-type=['"]?([a-z_]+)['"]?\]/g)].map((match) => match[1]!));
      const classesOfBlock = new Map(
        schemaTypes.map((type) => [
          type,
          blockClassesIn(
            filesIn(join(BLOCKS_DIR, folderOf(type)))
              .map((f) => readFileSync(f, 'utf8'))
              .join('\n'),
          ),
        ]),
      );
      const unstyled = schemaTypes.filter(
        (type) => !cssTypes.has(type) && ![...classesOfBlock.get(type)!].some((name) => cssClasses.has(name)),
      );
      expect(unstyled, 'blocks with no rule in client/styles/blocks.css').to.deep.equal([]);
      const known = new Set([...classesOfBlock.values()].flatMap((names) => [...names]));
      expect(
        sorted([...cssClasses].filter((name) => !known.has(name))),
        'classes in blocks.css that no block uses',
      ).to.deep.equal([]);
      expect(
        sorted([...cssTypes].filter((type) => !blockSchemas.has(type))),
        '[data-block-type] selectors naming no block',
      ).to.deep.equal([]);
    });

    it('has a French (fr-CA) entry for every string a block translates', () => {
      const entries = new Map(catalogFor('fr-CA').map((entry) => [`${entry.context}\u0004${entry.key}`, entry]));
      const problems: string[] = [];
      for (const type of schemaTypes) {
        for (const lookup of filesIn(join(BLOCKS_DIR, folderOf(type))).flatMap(translationLookups)) {
          if ('dynamic' in lookup) {
            problems.push(`${type}: a key the catalog check cannot read (use a literal string): ${lookup.dynamic}`);
            continue;
          }
          const entry = entries.get(`${lookup.context}\u0004${lookup.key}`);
          if (!entry)
            problems.push(
              `${type}: no fr-CA entry for ${JSON.stringify(lookup.key)}${lookup.context ? ` (context ${lookup.context})` : ''}`,
            );
          else if (lookup.plural && !Array.isArray(entry.value))
            problems.push(`${type}: the fr-CA entry for ${JSON.stringify(lookup.key)} needs two plural forms`);
        }
      }
      expect(problems).to.deep.equal([]);
    });
  });

  describe('page types', () => {
    it('has a browser chunk (client/templates.ts) for every server template, and no other', () => {
      expect(sorted(Object.keys(clientTemplates))).to.deep.equal(sorted(Object.keys(serverTemplates)));
    });

    it('loads, in each browser chunk, the template file the server renders', async () => {
      const source = readFileSync(join(ROOT, 'client/templates.ts'), 'utf8');
      const serverSource = readFileSync(join(ROOT, 'views/templates/index.ts'), 'utf8');
      for (const [name, load] of Object.entries(clientTemplates)) {
        expect(source, `client/templates.ts entry ${name}`).to.include(
          `${name}: () => import('../views/templates/${name}')`,
        );
        expect(serverSource, `views/templates/index.ts entry ${name}`).to.include(`import ${name} from './${name}';`);
        // The same file, though not the same object: mocha loads this test through tsx's
        // CommonJS hook and the dynamic import() through its ESM loader.
        expect((await load()).default.name, `the component client/templates.ts loads for ${name}`).to.equal(
          serverTemplates[name]!.name,
        );
      }
    });

    it('has a template for every page type the public site serves, and every other template has its route', () => {
      const routable = [...pageTypes.values()].filter((type) => type.routable).map((type) => type.type);
      expect(
        sorted(Object.keys(serverTemplates)),
        'views/templates/index.ts vs page types + ROUTE_TEMPLATES',
      ).to.deep.equal(sorted([...routable, ...Object.keys(ROUTE_TEMPLATES)]));
      for (const [name, file] of Object.entries(ROUTE_TEMPLATES)) {
        expect(readFileSync(join(ROOT, file), 'utf8'), `${file} renders the ${name} template`).to.include(`'${name}'`);
      }
      for (const type of pageTypes.values()) {
        if (!type.routable)
          expect(serverTemplates[type.type], `${type.type} is never served, so it has no template`).to.equal(undefined);
      }
    });
  });
});
