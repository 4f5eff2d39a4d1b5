import type { ServerResponse } from 'node:http';

/**
 * Responses the shutdown drain answered itself (503): the handler behind one may still finish
 * and fail, and the error handler then stays quiet. Kept here, beside the error handler that
 * reads it, so the HTTP plumbing does not import the shutdown that uses it.
 */
const answeredByDrain = new WeakSet<ServerResponse>();

export function markAnsweredByDrain(res: ServerResponse): void {
  answeredByDrain.add(res);
}

/** True when the drain already answered this response (503) and the app's own answer comes too late. */
export function isAnsweredByDrain(res: ServerResponse): boolean {
  return answeredByDrain.has(res);
}
