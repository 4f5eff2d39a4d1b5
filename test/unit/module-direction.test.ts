import { expect } from 'chai';
import {
  importCycles,
  importGraph,
  moduleGraph,
  moduleImportGraph,
  serverModuleOf,
  type ImportGraph,
  type ModuleGraph,
} from '../helpers/import-graph';

/**
 * The server's modules have a direction (docs/architecture.md): the core imports no feature,
 * features import neither the back office nor the app, and no module reaches itself through
 * other modules. A module is a folder (server/modules/<name>, server/<folder>) or a file directly
 * under server/; see serverModuleOf.
 */

/** The core and the neutral plumbing under it: sites, the page tree, who may do what, what happened. */
const CORE = new Set([
  'sites',
  'pages',
  'revisions',
  'permissions',
  'audit',
  'users',
  'auth',
  'account',
  'sessions',
  'privacy',
  'references',
  'embeds',
  'site-settings',
  'jobs',
  'mail',
  'rate-limits',
  'idempotency',
  'upload-slots', // the per-user parallel upload limit of server/media's uploads
  'server/http',
  'server/ssr',
  'server/cache',
  'server/storage',
  'server/media',
  'server/listing',
]);

/** What puts the features together: the back office, the composition root, the app and its commands. */
const COMPOSITION = new Set([
  'admin',
  'admin-api',
  'server/app.ts',
  'server/main.ts',
  'server/boot.ts',
  'server/release.ts',
  'server/composition.ts',
  'server/seed',
  'server/backup',
]);

type Layer = 'core' | 'feature' | 'composition';

/** Files directly under server/ are plumbing (core) unless they compose the app. */
function layerOf(module: string): Layer {
  if (COMPOSITION.has(module)) return 'composition';
  if (CORE.has(module) || /^server\/[^/]+\.tsx?$/.test(module)) return 'core';
  return 'feature';
}

const RANK: Record<Layer, number> = { core: 0, feature: 1, composition: 2 };

/** Arrows that point up the layers (core -> feature, feature -> composition), as "from -> to: file -> file". */
function upwardArrows(modules: ModuleGraph): string[] {
  const found: string[] = [];
  for (const [from, arrows] of modules) {
    for (const [to, imports] of arrows) {
      if (RANK[layerOf(to)] > RANK[layerOf(from)]) found.push(`${from} -> ${to}: ${imports[0]}`);
    }
  }
  return found.sort();
}

describe('module direction', () => {
  let modules: ModuleGraph;
  before(() => {
    modules = moduleGraph(importGraph(['server']));
  });

  it('knows every module it sorts into layers', () => {
    for (const name of [...CORE, ...COMPOSITION]) expect(modules.has(name), `${name} is a module`).to.equal(true);
    expect(layerOf('pages')).to.equal('core');
    expect(layerOf('server/db.ts')).to.equal('core');
    expect(layerOf('forms')).to.equal('feature');
    expect(layerOf('site-management')).to.equal('feature');
    expect(layerOf('admin')).to.equal('composition');
  });

  it('has no import from the core to a feature, nor from a feature to the back office or the app', () => {
    expect(upwardArrows(modules), 'arrows up the layers').to.deep.equal([]);
  });

  it('has no loop between module folders', () => {
    const loops = importCycles(moduleImportGraph(modules)).map(
      (cycle) =>
        `${cycle.path.join(' -> ')} (${cycle.path
          .slice(1)
          .map((to, i) => modules.get(cycle.path[i]!)!.get(to)![0])
          .join('; ')})`,
    );
    expect(loops, 'loops between modules').to.deep.equal([]);
  });

  it('finds a loop between folders whose files form no cycle, and an arrow up the layers', () => {
    // pages/a.ts -> forms/b.ts and forms/c.ts -> pages/d.ts: no file cycle, but the folders loop.
    const planted: ImportGraph = new Map([
      ['server/modules/pages/a.ts', [{ to: 'server/modules/forms/b.ts', typeOnly: true }]],
      ['server/modules/forms/b.ts', []],
      ['server/modules/forms/c.ts', [{ to: 'server/modules/pages/d.ts', typeOnly: false }]],
      ['server/modules/pages/d.ts', []],
      ['server/db.ts', [{ to: 'server/app.ts', typeOnly: false }]],
      ['server/app.ts', []],
    ]);
    expect(importCycles(planted)).to.deep.equal([]);
    const plantedModules = moduleGraph(planted);
    expect(importCycles(moduleImportGraph(plantedModules)).map((cycle) => cycle.path)).to.deep.equal([
      ['forms', 'pages', 'forms'],
    ]);
    expect(upwardArrows(plantedModules)).to.deep.equal([
      'pages -> forms: server/modules/pages/a.ts -> server/modules/forms/b.ts',
      'server/db.ts -> server/app.ts: server/db.ts -> server/app.ts',
    ]);
    expect(serverModuleOf('server/modules/pages/types/core.ts')).to.equal('pages');
    expect(serverModuleOf('server/cache/install.ts')).to.equal('server/cache');
    expect(serverModuleOf('views/App.tsx')).to.equal(undefined);
  });
});
