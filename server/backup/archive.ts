import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import { Transform, type Readable, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { Header, Parser, Pax, type ReadEntry } from 'tar';

/**
 * A backup is one gzipped tar file (readable with `tar -tzf`): a manifest first, then the entries,
 * then `checksums.json` with the size and SHA-256 of every entry before it. An archive without
 * that last entry was cut short; one whose sums differ is damaged. Restores read and check it
 * whole before they change anything.
 */
export const MANIFEST_ENTRY = 'harborline-backup.json';
export const CHECKSUMS_ENTRY = 'checksums.json';

export type Checksums = Record<string, { size: number; sha256: string }>;

/** Thrown for archives that cannot be restored; the message is for the person running the command. */
export class BadArchiveError extends Error {
  override name = 'BadArchiveError';
}

const BLOCK = 512;

/** Writes entries one after another (each with a known size, streamed) into a .tar.gz file. */
export function createArchiveWriter(file: string) {
  const gzip = createGzip();
  const output = createWriteStream(file, { flags: 'wx' });
  const done = pipeline(gzip, output);
  const checksums: Checksums = {};
  const mtime = new Date();

  const write = (chunk: Buffer) =>
    new Promise<void>((resolveWrite, reject) => {
      gzip.write(chunk, (error) => (error ? reject(error) : resolveWrite()));
    });

  const header = async (path: string, size: number) => {
    const block = Buffer.alloc(BLOCK);
    const needsPax = new Header({ path, mode: 0o644, uid: 0, gid: 0, size, mtime, type: 'File' }).encode(block, 0);
    // Long keys do not fit the classic 100-byte name field: a PAX record carries them.
    if (needsPax) await write(new Pax({ path, size, mtime }).encode());
    await write(block);
  };

  return {
    /** Adds one entry; `body` must yield exactly `size` bytes. */
    async add(path: string, size: number, body: Readable | Buffer): Promise<void> {
      if (path in checksums) throw new Error(`Duplicate archive entry ${path}`);
      await header(path, size);
      const hash = createHash('sha256');
      let written = 0;
      const source = Buffer.isBuffer(body) ? [body] : body;
      for await (const chunk of source) {
        const bytes = chunk as Buffer;
        written += bytes.length;
        if (written > size)
          throw new Error(`${path} is larger than announced (${size} bytes): it changed while being backed up`);
        hash.update(bytes);
        await write(bytes);
      }
      if (written !== size)
        throw new Error(
          `${path} is shorter than announced (${written} of ${size} bytes): it changed while being backed up`,
        );
      const padding = (BLOCK - (size % BLOCK)) % BLOCK;
      if (padding) await write(Buffer.alloc(padding));
      checksums[path] = { size, sha256: hash.digest('hex') };
    },
    /** Adds the checksums entry and the end-of-archive blocks, and waits for the file. */
    async finish(): Promise<void> {
      const table = Buffer.from(JSON.stringify(checksums, null, 1));
      await header(CHECKSUMS_ENTRY, table.length);
      await write(table);
      await write(Buffer.alloc((BLOCK - (table.length % BLOCK)) % BLOCK));
      await write(Buffer.alloc(BLOCK * 2));
      gzip.end();
      await done;
    },
    abort(): void {
      gzip.destroy();
      output.destroy();
    },
  };
}

/**
 * Reads an archive into `intoDir` (entry paths become files under it), checking every entry's
 * size and SHA-256 against the archive's own table. Throws BadArchiveError with a plain reason.
 */
export async function extractArchive(file: string, intoDir: string): Promise<{ entries: string[] }> {
  const root = resolve(intoDir);
  const seen: Checksums = {};
  const order: string[] = [];
  let checksums: Checksums | undefined;
  let trailing: string | undefined;
  let failure: Error | undefined;
  let parseError: Error | undefined;
  const pending: Array<Promise<void>> = [];
  const open = new Set<ReadEntry>();

  const parser = new Parser({ strict: true });
  parser.on('entry', (entry: ReadEntry) => {
    const path = entry.path;
    open.add(entry);
    entry.on('end', () => open.delete(entry));
    entry.on('error', (error: unknown) => (failure ??= error as Error));
    const work = (async () => {
      if (entry.type !== 'File') throw new BadArchiveError(`unexpected ${entry.type} entry ${path}`);
      if (checksums) trailing ??= path;
      if (order.length === 0 && path !== MANIFEST_ENTRY)
        throw new BadArchiveError(
          'it does not start with a Harborline backup manifest (is this a backup made by npm run backup?)',
        );
      const target = resolve(root, path);
      if (!target.startsWith(root + sep) || path.includes('\\'))
        throw new BadArchiveError(`it has an entry outside the archive's folders (${path})`);
      order.push(path);
      if (path === CHECKSUMS_ENTRY) {
        const chunks: Buffer[] = [];
        for await (const chunk of entry) chunks.push(chunk as Buffer);
        checksums = parseChecksums(Buffer.concat(chunks));
        return;
      }
      await mkdir(dirname(target), { recursive: true });
      const hash = createHash('sha256');
      let size = 0;
      const hashing = new Transform({
        transform(chunk: Buffer, _encoding, callback) {
          hash.update(chunk);
          size += chunk.length;
          callback(null, chunk);
        },
      });
      await pipeline(entry as unknown as Readable, hashing, createWriteStream(target) as Writable);
      seen[path] = { size, sha256: hash.digest('hex') };
    })().catch((error: unknown) => {
      failure ??= error as Error;
      entry.resume();
    });
    pending.push(work);
  });

  try {
    await new Promise<void>((resolveRead, reject) => {
      const input = createReadStream(file);
      input.on('error', reject);
      // strict: every tar warning (bad header, truncated input) is an error.
      parser.on('error', reject);
      parser.on('close', () => resolveRead());
      input.pipe(parser as unknown as Writable);
    });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw new BadArchiveError(`there is no file ${file}`);
    if (code === 'EISDIR') throw new BadArchiveError(`${file} is a folder, not an archive`);
    parseError = error as Error;
    // An entry cut off by the failure never ends by itself: end it so its writer lets go.
    for (const entry of open) entry.destroy(new Error('archive read failed'));
  }
  await Promise.all(pending);
  if (failure instanceof BadArchiveError) throw failure;
  const problem = parseError ?? failure;
  if (problem) throw new BadArchiveError(`it is damaged or truncated (${describe(problem)})`);
  if (order.length === 0) throw new BadArchiveError('it is empty or not a backup archive');
  if (!checksums)
    throw new BadArchiveError(
      'it ends early: the table of checksums that closes every backup is missing (the file was probably cut short while copying)',
    );
  if (trailing) throw new BadArchiveError(`it has entries after its table of checksums (${trailing})`);
  const expected = Object.keys(checksums).sort();
  const actual = Object.keys(seen).sort();
  if (expected.join('\n') !== actual.join('\n')) {
    const missing = expected.filter((path) => !(path in seen));
    throw new BadArchiveError(
      missing.length
        ? `it is missing ${missing.length} file(s), e.g. ${missing[0]}`
        : 'it holds files its checksums do not list',
    );
  }
  for (const path of expected) {
    if (seen[path]!.size !== checksums[path]!.size || seen[path]!.sha256 !== checksums[path]!.sha256)
      throw new BadArchiveError(`${path} is damaged (its checksum does not match)`);
  }
  return { entries: order };
}

function parseChecksums(data: Buffer): Checksums {
  try {
    const parsed = JSON.parse(data.toString('utf8')) as unknown;
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new Error('not an object');
    for (const value of Object.values(parsed)) {
      if (typeof value?.size !== 'number' || typeof value?.sha256 !== 'string') throw new Error('bad entry');
    }
    return parsed as Checksums;
  } catch {
    throw new BadArchiveError('its table of checksums cannot be read');
  }
}

/** zlib and tar say "unexpected end of file" or "TAR_BAD_ARCHIVE"; keep the gist. */
function describe(error: Error): string {
  const code = (error as { code?: string }).code;
  if (code === 'Z_BUF_ERROR' || /unexpected end/i.test(error.message)) return 'the file ends in the middle of its data';
  if (code === 'Z_DATA_ERROR' || /incorrect header check|invalid/i.test(error.message))
    return 'it is not a gzip file, or its bytes are corrupted';
  if (/Unrecognized archive format/i.test(error.message)) return 'it is not a backup archive';
  return error.message;
}

export const entryPath = (dir: string, entry: string) => join(dir, ...entry.split('/'));
