/**
 * Work for the end of a test process (the root after-all hook in test/setup.ts runs it): closing
 * what a helper keeps for the whole process, such as the pooled databases or the shared browser.
 * Helpers register here so test/setup.ts need not load them in processes that never use them.
 */
const work: Array<() => Promise<void>> = [];

export function atProcessEnd(task: () => Promise<void>): void {
  work.push(task);
}

export async function runProcessEnd(): Promise<void> {
  for (const task of work.splice(0).reverse()) await task().catch(() => undefined);
}
