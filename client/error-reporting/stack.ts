/** One stack frame in Sentry's event format. */
export type StackFrame = { filename: string; function: string; lineno?: number; colno?: number; in_app: boolean };

// V8: "    at fn (https://x/a.js:1:2)" or "    at https://x/a.js:1:2"
const V8_FRAME = /^\s*at (?:(.+?) \()?((?:[a-z][\w+.-]*:\/\/|\/)[^\s)]*?):(\d+):(\d+)\)?\s*$/i;
// Firefox and Safari: "fn@https://x/a.js:1:2"
const GECKO_FRAME = /^\s*(.*?)@(.*?):(\d+):(\d+)\s*$/;

/**
 * Parses the `stack` text of an Error into frames, oldest call first as Sentry expects. A frame
 * is "in app" when its script comes from this page's origin. Unknown lines are skipped.
 */
export function parseStack(stack: string | undefined, origin: string): StackFrame[] {
  if (!stack) return [];
  const frames: StackFrame[] = [];
  for (const line of stack.split('\n').slice(0, 50)) {
    const match = V8_FRAME.exec(line) ?? GECKO_FRAME.exec(line);
    if (!match) continue;
    const [, fn, filename = '', lineno, colno] = match;
    frames.push({
      filename,
      function: fn?.trim() || '?',
      lineno: Number(lineno),
      colno: Number(colno),
      in_app: filename.startsWith(origin),
    });
  }
  return frames.reverse();
}
