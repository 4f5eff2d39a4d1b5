import { expect } from 'chai';
import { importCycles, importGraph, type ImportGraph } from '../helpers/import-graph';

/**
 * Cycles known when this check was added, each to be removed by the change that breaks it.
 * An entry here that no longer matches a cycle fails the test too, so the list cannot go stale.
 */
const KNOWN_CYCLES: { files: string[]; why: string }[] = [];

const sameFiles = (a: string[], b: string[]) => a.length === b.length && a.every((file) => b.includes(file));

/**
 * No file may reach itself through its imports (static, dynamic or type-only): a cycle makes
 * load order matter, and it means two modules cannot be understood or changed apart.
 */
describe('import graph', () => {
  let graph: ImportGraph;
  before(() => {
    graph = importGraph(['server', 'views', 'shared', 'client']);
  });

  it('reads the whole source tree', () => {
    expect(graph.size).to.be.greaterThan(300);
    expect(graph.get('server/app.ts')?.map((edge) => edge.to)).to.include('server/config.ts');
    // Dynamic imports count: client/templates.ts loads every template that way.
    expect(graph.get('client/templates.ts')?.map((edge) => edge.to)).to.include('views/templates/HomePage.tsx');
  });

  it('has no import cycle in server/, views/, shared/ or client/', () => {
    const cycles = importCycles(graph);
    const unexpected = cycles.filter((cycle) => !KNOWN_CYCLES.some((known) => sameFiles(cycle.files, known.files)));
    expect(
      unexpected.map(
        (cycle) =>
          `${cycle.path.join(' -> ')}${cycle.files.length > cycle.path.length - 1 ? ` (${cycle.files.length} files in all)` : ''}`,
      ),
      'import cycles',
    ).to.deep.equal([]);
  });

  it('lists only known cycles that still exist', () => {
    const cycles = importCycles(graph);
    // A known cycle swallowed by a larger one is still there: the test above reports the larger one.
    const gone = KNOWN_CYCLES.filter(
      (known) => !cycles.some((cycle) => known.files.every((file) => cycle.files.includes(file))),
    );
    expect(
      gone.map((known) => `${known.why} (delete it from KNOWN_CYCLES)`),
      'known cycles that are gone',
    ).to.deep.equal([]);
  });

  it('finds a cycle through a dynamic import and one through type-only imports', () => {
    const planted: ImportGraph = new Map([
      ['a.ts', [{ to: 'b.ts', typeOnly: false }]],
      ['b.ts', [{ to: 'a.ts', typeOnly: false }]],
      ['c.ts', [{ to: 'd.ts', typeOnly: true }]],
      ['d.ts', [{ to: 'e.ts', typeOnly: false }]],
      ['e.ts', [{ to: 'c.ts', typeOnly: true }]],
      ['f.ts', [{ to: 'a.ts', typeOnly: false }]],
    ]);
    expect(importCycles(planted).map((cycle) => cycle.path)).to.deep.equal([
      ['a.ts', 'b.ts', 'a.ts'],
      ['c.ts', 'd.ts', 'e.ts', 'c.ts'],
    ]);
    expect(importCycles(planted, (edge) => !edge.typeOnly).map((cycle) => cycle.path)).to.deep.equal([
      ['a.ts', 'b.ts', 'a.ts'],
    ]);
  });
});
