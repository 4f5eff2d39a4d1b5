/**
 * Materialised paths as in Wagtail's treebeard: each level adds four base-36 characters, so a
 * page's ancestors are the prefixes of its path and sibling order is plain string order.
 */
export const STEP_LENGTH = 4;
const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const MAX_STEP = ALPHABET.length ** STEP_LENGTH - 1;

export function encodeStep(position: number): string {
  if (!Number.isInteger(position) || position < 1 || position > MAX_STEP) {
    throw new RangeError(`A tree level holds at most ${MAX_STEP} pages (got position ${position})`);
  }
  let out = '';
  let rest = position;
  for (let i = 0; i < STEP_LENGTH; i++) {
    out = ALPHABET[rest % ALPHABET.length] + out;
    rest = Math.floor(rest / ALPHABET.length);
  }
  return out;
}

export function decodeStep(step: string): number {
  let value = 0;
  for (const char of step) {
    const digit = ALPHABET.indexOf(char);
    if (digit < 0) throw new RangeError(`Invalid tree path step '${step}'`);
    value = value * ALPHABET.length + digit;
  }
  return value;
}

/** The path of the next child after `lastChildPath` (or the first child when none). */
export function nextChildPath(parentPath: string, lastChildPath: string | undefined): string {
  const last = lastChildPath ? decodeStep(lastChildPath.slice(-STEP_LENGTH)) : 0;
  return parentPath + encodeStep(last + 1);
}

export function ancestorPaths(path: string): string[] {
  const out: string[] = [];
  for (let end = STEP_LENGTH; end < path.length; end += STEP_LENGTH) out.push(path.slice(0, end));
  return out;
}
