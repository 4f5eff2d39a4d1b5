import type { Encoding } from './encoding';

/**
 * A stored answer's headers for one content coding, as the flat [name, value, name, value, ...]
 * list writeHead takes (no object built and walked per answer): fixed values in place, and the
 * slots an answer fills (the CSP's nonce, ETag, X-Cache, Age, Content-Length) known by index.
 */
export type HeadPlan = {
  flat: string[];
  /** Header values holding the nonce: [index in flat, the value's parts around it]. */
  nonceSlots: Array<[number, string[]]>;
  etag: string;
  etagSlot: number;
  cacheSlot: number;
  ageSlot: number;
  lengthSlot: number;
};

/** The ETag of one coding of a body: a compressed answer is a different representation. */
export function etagFor(base: string, encoding: Encoding): string {
  return encoding === 'identity' ? base : `${base.slice(0, -1)}-${encoding === 'br' ? 'br' : 'gz'}"`;
}

export function headPlan(headers: Array<[string, string[]]>, baseEtag: string, encoding: Encoding): HeadPlan {
  const flat: string[] = [];
  const nonceSlots: Array<[number, string[]]> = [];
  for (const [name, parts] of headers) {
    flat.push(name, parts.length === 1 ? parts[0]! : '');
    if (parts.length > 1) nonceSlots.push([flat.length - 1, parts]);
  }
  const etag = etagFor(baseEtag, encoding);
  flat.push('ETag', etag, 'X-Cache', 'HIT', 'Age', '0');
  const etagSlot = flat.length - 5;
  if (encoding !== 'identity') flat.push('Content-Encoding', encoding);
  flat.push('Content-Length', '0');
  return {
    flat,
    nonceSlots,
    etag,
    etagSlot,
    cacheSlot: etagSlot + 2,
    ageSlot: etagSlot + 4,
    lengthSlot: flat.length - 1,
  };
}

/**
 * The headers of a 304: without the ones naming the nonce (the CSP the browser's stored copy
 * matches is the one it already has), without a body's length or coding.
 */
export function notModifiedHead(plan: HeadPlan, etag: string, cacheStatus: string, age: string): string[] {
  const skip = new Set(plan.nonceSlots.map(([slot]) => slot));
  const out: string[] = [];
  for (let at = 0; at < plan.etagSlot - 1; at += 2) if (!skip.has(at + 1)) out.push(plan.flat[at]!, plan.flat[at + 1]!);
  out.push('ETag', etag, 'X-Cache', cacheStatus, 'Age', age);
  return out;
}
