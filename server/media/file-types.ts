/**
 * What a file is, decided by its first bytes (never its name or the browser's claim). Used by the
 * document, image and video uploads. Office files are ZIP containers: the first entries' names
 * ('word/', 'xl/') tell a DOCX or an XLSX from a plain ZIP.
 */
export type DetectedType = { mimetype: string; extension: string; kind: 'document' | 'image' | 'video' | 'text' };

const startsWith = (head: Buffer, bytes: number[], offset = 0) =>
  bytes.every((byte, index) => head[offset + index] === byte);
const ascii = (head: Buffer, start: number, end: number) => head.subarray(start, end).toString('latin1');

/** At least the first 64 KB of the file (fewer if the file is shorter). */
export const SNIFF_BYTES = 64 * 1024;

export function detectFileType(head: Buffer): DetectedType | undefined {
  if (ascii(head, 0, 5) === '%PDF-') return { mimetype: 'application/pdf', extension: 'pdf', kind: 'document' };
  if (startsWith(head, [0x50, 0x4b, 0x03, 0x04])) {
    const names = head.toString('latin1');
    if (names.includes('[Content_Types].xml') && names.includes('word/'))
      return {
        mimetype: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
        extension: 'docx',
        kind: 'document',
      };
    if (names.includes('[Content_Types].xml') && names.includes('xl/'))
      return {
        mimetype: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        extension: 'xlsx',
        kind: 'document',
      };
    return { mimetype: 'application/zip', extension: 'zip', kind: 'document' };
  }
  if (startsWith(head, [0xff, 0xd8, 0xff])) return { mimetype: 'image/jpeg', extension: 'jpg', kind: 'image' };
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
    return { mimetype: 'image/png', extension: 'png', kind: 'image' };
  if (ascii(head, 0, 6) === 'GIF87a' || ascii(head, 0, 6) === 'GIF89a')
    return { mimetype: 'image/gif', extension: 'gif', kind: 'image' };
  if (ascii(head, 0, 4) === 'RIFF' && ascii(head, 8, 12) === 'WEBP')
    return { mimetype: 'image/webp', extension: 'webp', kind: 'image' };
  if (ascii(head, 4, 8) === 'ftyp') {
    const brand = ascii(head, 8, 12);
    if (brand === 'avif' || brand === 'avis') return { mimetype: 'image/avif', extension: 'avif', kind: 'image' };
    if (['isom', 'iso2', 'mp41', 'mp42', 'avc1', 'M4V ', 'dash', 'iso5', 'iso6'].includes(brand))
      return { mimetype: 'video/mp4', extension: 'mp4', kind: 'video' };
  }
  if (startsWith(head, [0x1a, 0x45, 0xdf, 0xa3]) && head.includes(Buffer.from('webm')))
    return { mimetype: 'video/webm', extension: 'webm', kind: 'video' };
  const text = startsWith(head, [0xef, 0xbb, 0xbf]) ? head.subarray(3) : head;
  if (ascii(text, 0, 6) === 'WEBVTT') return { mimetype: 'text/vtt', extension: 'vtt', kind: 'text' };
  return undefined;
}

/**
 * A polyglot: bytes that start as one type but carry another's markup (an HTML or script payload
 * a browser could be talked into running). Refused whatever the first bytes say.
 */
export function looksLikePolyglot(head: Buffer): boolean {
  const text = head.toString('latin1').toLowerCase();
  return /<script|<html|<svg|<iframe|<!doctype html|javascript:/.test(text);
}
