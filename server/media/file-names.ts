import { randomBytes } from 'node:crypto';

const MAX_NAME = 100;

/**
 * A file name safe to show in a URL and a Content-Disposition header: the last path segment only,
 * no control characters, separators or quotes, at most 100 characters, keeping its extension.
 */
export function sanitiseFileName(name: string, fallbackExtension: string): string {
  const last = name.split(/[\\/]/).pop() ?? '';
  const cleaned = last
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/^[.-]+/, '')
    .replace(/-+/g, '-');
  const dot = cleaned.lastIndexOf('.');
  const base = (dot > 0 ? cleaned.slice(0, dot) : cleaned).replace(/[.-]+$/, '') || 'file';
  const extension = fallbackExtension;
  return `${base.slice(0, MAX_NAME - extension.length - 1)}.${extension}`;
}

/** A storage key no other upload has: the sanitised name plus a random suffix. */
export function uniqueKey(folder: string, fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  const base =
    fileName
      .slice(0, dot)
      .slice(0, 60)
      .replace(/[.-]+$/, '') || 'file';
  return `${folder}/${base}-${randomBytes(4).toString('hex')}.${fileName.slice(dot + 1)}`;
}

/** An upload's default title: 'Annual_Report-2026.final.pdf' -> 'Annual Report 2026.final'. */
export function titleFromFileName(name: string): string {
  const last = name.split(/[\\/]/).pop() ?? '';
  const base = last.includes('.') ? last.slice(0, last.lastIndexOf('.')) : last;
  return (
    base
      .replace(/[_-]+/g, ' ')
      .replace(/\p{Cc}/gu, '')
      .trim()
      .slice(0, 255) || 'Untitled'
  );
}
