/**
 * JSON that is safe inside a <script> element: '<', '>' and '&' cannot close the element or
 * open a comment, and U+2028/2029 cannot break older parsers.
 */
export function escapeJsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
