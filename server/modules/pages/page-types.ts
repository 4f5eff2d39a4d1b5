import type { PageTypeDefinition } from './page-type';

/**
 * Every page type, keyed by type name, in the order the composition root (server/composition.ts)
 * registered them: the page tree's own types and each feature's (forms, press, locations, ...).
 * The pages module lists none of the features' types itself, so it imports no feature.
 */
const registered = new Map<string, PageTypeDefinition>();

/** Called by the composition root, once per type; a type name taken twice is a programming error. */
export function registerPageTypes(definitions: readonly PageTypeDefinition[]): void {
  for (const definition of definitions) {
    if (registered.has(definition.type)) throw new Error(`Page type ${definition.type} is registered twice.`);
    registered.set(definition.type, definition);
  }
}

/** Whether any page type is registered: a process that forgot the composition root would serve no page. */
function composedTypes(): ReadonlyMap<string, PageTypeDefinition> {
  if (registered.size === 0) {
    throw new Error('No page type is registered: import server/composition.ts before using the page tree.');
  }
  return registered;
}

/** Every page type, keyed by type name (a read-only view; registering happens at the composition root). */
export const pageTypes: ReadonlyMap<string, PageTypeDefinition> = {
  get size() {
    return composedTypes().size;
  },
  get: (type: string) => composedTypes().get(type),
  has: (type: string) => composedTypes().has(type),
  keys: () => composedTypes().keys(),
  values: () => composedTypes().values(),
  entries: () => composedTypes().entries(),
  forEach: (callback, thisArg) => composedTypes().forEach(callback, thisArg),
  [Symbol.iterator]: () => composedTypes()[Symbol.iterator](),
};

export function pageTypeOf(type: string): PageTypeDefinition | undefined {
  return pageTypes.get(type);
}
