const UNSAFE = /[<>&\u2028\u2029]/g;
const ESCAPES: Record<string, string> = {
  '<': '\\u003c',
  '>': '\\u003e',
  '&': '\\u0026',
  '\u2028': '\\u2028',
  '\u2029': '\\u2029',
};

/**
 * JSON that is safe inside a <script> element: '<', '>' and '&' cannot close the element or
 * open a comment, and U+2028/2029 cannot break older parsers. One pass over the text (the page
 * data of a large page is tens of kilobytes), none when nothing needs escaping.
 */
export function escapeJsonForScript(value: unknown): string {
  const json = JSON.stringify(value);
  UNSAFE.lastIndex = 0;
  return UNSAFE.test(json) ? json.replace(UNSAFE, (char) => ESCAPES[char]!) : json;
}
