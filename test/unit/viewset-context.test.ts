import { expect } from 'chai';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ADMIN_VIEWSETS } from '../../server/modules/admin/areas';
import { modelKey } from '../../server/modules/admin/viewsets/definition';

/**
 * Viewsets are built from one context (docs/decisions/2026-11-29-viewset-permissions-as-data.md,
 * third slice): each model is declared once, and what a hook needs beyond the database comes from
 * the context the admin router hands the viewsets, never from app.locals.
 */

const MODULES_DIR = join(import.meta.dirname, '../../server/modules');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

describe('viewsets built from one context', () => {
  it('declares each model once in the list the router, the menu and the permission test read', () => {
    const keys = ADMIN_VIEWSETS.map(modelKey);
    expect(keys.filter((key, index) => keys.indexOf(key) !== index)).to.deep.equal([]);
    expect(new Set(ADMIN_VIEWSETS).size).to.equal(ADMIN_VIEWSETS.length);
  });

  it('reads nothing out of app.locals under server/modules (the context carries it)', () => {
    const readers = sourceFiles(MODULES_DIR).filter((file) => /\bapp\.locals\b/.test(readFileSync(file, 'utf8')));
    expect(readers.map((file) => file.slice(MODULES_DIR.length + 1))).to.deep.equal([]);
  });
});
