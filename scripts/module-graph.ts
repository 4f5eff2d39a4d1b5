/**
 * Prints the arrows between the server's modules that break its direction: every loop between
 * module folders, and (with a module name) the file imports behind that module's arrows.
 *   npx tsx scripts/module-graph.ts            loops
 *   npx tsx scripts/module-graph.ts pages      pages' outgoing arrows, file by file
 */
import { importCycles, importGraph, moduleGraph, moduleImportGraph } from '../test/helpers/import-graph';

const modules = moduleGraph(importGraph(['server']));
for (const cycle of importCycles(moduleImportGraph(modules))) {
  console.log(`loop of ${cycle.files.length}: ${cycle.files.join(', ')}`);
  console.log(`  e.g. ${cycle.path.join(' -> ')}`);
}
const focus = process.argv[2];
if (focus) {
  for (const [to, imports] of modules.get(focus) ?? []) console.log(`${focus} -> ${to}\n    ${imports.join('\n    ')}`);
}
