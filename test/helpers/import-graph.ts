import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import ts from 'typescript';

export const ROOT = join(import.meta.dirname, '../..');

/** One import of a source file: static, `export … from`, `import()` or an `import('…')` type. */
export type ImportEdge = { to: string; typeOnly: boolean };

/** Source file (repository-relative, '/' separators) -> the repository files it imports. */
export type ImportGraph = Map<string, ImportEdge[]>;

const SOURCE = /\.tsx?$/;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return SOURCE.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

function compilerOptions(): ts.CompilerOptions {
  const configFile = ts.readConfigFile(join(ROOT, 'tsconfig.json'), (path) => ts.sys.readFile(path));
  return ts.parseJsonConfigFileContent(configFile.config, ts.sys, ROOT).options;
}

const isTypeOnlyImport = (node: ts.ImportDeclaration) => {
  const clause = node.importClause;
  if (!clause) return false; // `import './x'` runs the module
  if (clause.isTypeOnly) return true;
  if (clause.name) return false;
  const bindings = clause.namedBindings;
  return (
    !!bindings &&
    ts.isNamedImports(bindings) &&
    bindings.elements.length > 0 &&
    bindings.elements.every((element) => element.isTypeOnly)
  );
};

/** Every module specifier in a file, with whether it exists only for the type checker. */
function specifiersOf(file: string): { specifier: string; typeOnly: boolean }[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const found: { specifier: string; typeOnly: boolean }[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      found.push({ specifier: node.moduleSpecifier.text, typeOnly: isTypeOnlyImport(node) });
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      found.push({ specifier: node.moduleSpecifier.text, typeOnly: node.isTypeOnly });
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [argument] = node.arguments;
      if (argument && ts.isStringLiteralLike(argument)) found.push({ specifier: argument.text, typeOnly: false });
    } else if (
      ts.isImportTypeNode(node) &&
      ts.isLiteralTypeNode(node.argument) &&
      ts.isStringLiteral(node.argument.literal)
    ) {
      found.push({ specifier: node.argument.literal.text, typeOnly: true });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

const toKey = (path: string) => relative(ROOT, path).split(sep).join('/');

/**
 * The import graph of the TypeScript sources under `folders` (repository-relative), resolved the
 * way tsc resolves them; imports of packages and of files outside the repository are left out.
 */
export function importGraph(folders: string[]): ImportGraph {
  const options = compilerOptions();
  const graph: ImportGraph = new Map();
  for (const file of folders.flatMap((folder) => sourceFiles(join(ROOT, folder)))) {
    const edges: ImportEdge[] = [];
    for (const { specifier, typeOnly } of specifiersOf(file)) {
      const resolved = ts.resolveModuleName(specifier, file, options, ts.sys).resolvedModule;
      if (!resolved || resolved.isExternalLibraryImport || resolved.resolvedFileName.endsWith('.d.ts')) continue;
      if (!resolved.resolvedFileName.startsWith(ROOT + sep)) continue;
      edges.push({ to: toKey(resolved.resolvedFileName), typeOnly });
    }
    graph.set(toKey(file), edges);
  }
  return graph;
}

/**
 * A set of files that import each other (a strongly connected component of more than one file,
 * or a file importing itself), and one path `a -> b -> … -> a` through it to show the cycle.
 */
export type ImportCycle = { files: string[]; path: string[] };

export function importCycles(graph: ImportGraph, include: (edge: ImportEdge) => boolean = () => true): ImportCycle[] {
  const next = (file: string) =>
    [...new Set((graph.get(file) ?? []).filter(include).map((edge) => edge.to))].filter((to) => graph.has(to));
  // Tarjan's algorithm, iterative so deep import chains cannot overflow the stack.
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const components: string[][] = [];
  let counter = 0;
  for (const start of [...graph.keys()].sort()) {
    if (index.has(start)) continue;
    const work: { file: string; children: string[]; at: number }[] = [];
    const enter = (file: string) => {
      index.set(file, counter);
      low.set(file, counter);
      counter += 1;
      stack.push(file);
      onStack.add(file);
      work.push({ file, children: next(file), at: 0 });
    };
    enter(start);
    while (work.length) {
      const frame = work[work.length - 1]!;
      if (frame.at < frame.children.length) {
        const child = frame.children[frame.at++]!;
        if (!index.has(child)) enter(child);
        else if (onStack.has(child)) low.set(frame.file, Math.min(low.get(frame.file)!, index.get(child)!));
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low.set(parent.file, Math.min(low.get(parent.file)!, low.get(frame.file)!));
      if (low.get(frame.file) !== index.get(frame.file)) continue;
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== frame.file);
      if (component.length > 1 || next(frame.file).includes(frame.file)) components.push(component.sort());
    }
  }
  return components.map((files) => ({ files, path: cyclePath(files, next) }));
}

/** A shortest path from the component's first file back to itself, staying inside it. */
function cyclePath(component: string[], next: (file: string) => string[]): string[] {
  const members = new Set(component);
  const start = component[0]!;
  const previous = new Map<string, string>();
  const queue = [start];
  while (queue.length) {
    const file = queue.shift()!;
    for (const to of next(file)) {
      if (!members.has(to)) continue;
      if (to === start) {
        const path = [start];
        for (let at: string | undefined = file; at && at !== start; at = previous.get(at)) path.splice(1, 0, at);
        return [...path, start];
      }
      if (!previous.has(to)) {
        previous.set(to, file);
        queue.push(to);
      }
    }
  }
  return [start, start];
}

/**
 * The server's unit of direction: `server/modules/<name>/…` is the module `<name>`, a folder
 * directly under `server/` (`cache`, `http`, `listing`, …) is `server/<folder>`, and a file
 * directly under `server/` is itself (`server/db.ts`). Files outside `server/` have no module.
 */
export function serverModuleOf(file: string): string | undefined {
  const parts = file.split('/');
  if (parts[0] !== 'server') return undefined;
  if (parts[1] === 'modules' && parts.length > 3) return parts[2];
  if (parts.length > 2) return `server/${parts[1]}`;
  return file;
}

/** Module -> module -> the file imports that make that arrow ("from.ts -> to.ts"), type-only ones included. */
export type ModuleGraph = Map<string, Map<string, string[]>>;

export function moduleGraph(graph: ImportGraph, moduleOf: (file: string) => string | undefined = serverModuleOf) {
  const modules: ModuleGraph = new Map();
  for (const [file, edges] of graph) {
    const from = moduleOf(file);
    if (!from) continue;
    const arrows = modules.get(from) ?? new Map<string, string[]>();
    modules.set(from, arrows);
    for (const edge of edges) {
      const to = moduleOf(edge.to);
      if (!to || to === from) continue;
      arrows.set(to, [...(arrows.get(to) ?? []), `${file} -> ${edge.to}`]);
    }
  }
  return modules;
}

/** The module graph as an import graph of its own, so `importCycles` finds loops between modules. */
export const moduleImportGraph = (modules: ModuleGraph): ImportGraph =>
  new Map([...modules].map(([from, arrows]) => [from, [...arrows.keys()].map((to) => ({ to, typeOnly: false }))]));
