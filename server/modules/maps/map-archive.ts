import { createHash } from 'node:crypto';
import { open, type FileHandle } from 'node:fs/promises';
import { promisify } from 'node:util';
import { brotliDecompress, gunzip } from 'node:zlib';
import {
  Compression,
  EtagMismatch,
  PMTiles,
  SharedPromiseCache,
  TileType,
  type DecompressFunc,
  type RangeResponse,
  type Source,
} from 'pmtiles';
import { ConfigError } from '../../config';

/** A MAP_PMTILES archive that cannot be served; its message is one line, shown at start-up. */
export class MapArchiveError extends ConfigError {}

/** The PMTiles v3 header: "PMTiles", then the version byte (spec: header section, 127 bytes). */
const MAGIC = 'PMTiles';
const HEADER_BYTES = 127;
/** The header and root directory always fit in the first 16 KiB (the spec's limit). */
const FIRST_BYTES = 16_384;

const gunzipAsync = promisify(gunzip);
const brotliAsync = promisify(brotliDecompress);
const COMPRESSION_NAMES: Record<number, string> = {
  0: 'an unknown method',
  1: 'none',
  2: 'gzip',
  3: 'brotli',
  4: 'zstd',
};
const TILE_TYPE_NAMES: Record<number, string> = {
  0: 'unknown',
  1: 'MVT',
  2: 'PNG',
  3: 'JPEG',
  4: 'WebP',
  5: 'AVIF',
  6: 'MLT',
};

/** What Node's zlib reads (zstd only from Node 22.15, which this site does not require). */
const readable = (compression: Compression) =>
  compression === Compression.None || compression === Compression.Gzip || compression === Compression.Brotli;

const toArrayBuffer = (buffer: Buffer): ArrayBuffer =>
  buffer.buffer.slice(buffer.byteOffset, buffer.byteOffset + buffer.byteLength) as ArrayBuffer;

/** Directories are decompressed with zlib (pmtiles' default is the browser's DecompressionStream). */
const decompress: DecompressFunc = async (data, compression) => {
  if (compression === Compression.None) return data;
  if (compression === Compression.Gzip) return toArrayBuffer(await gunzipAsync(new Uint8Array(data)));
  if (compression === Compression.Brotli) return toArrayBuffer(await brotliAsync(new Uint8Array(data)));
  throw new Error(`cannot decompress ${COMPRESSION_NAMES[compression] ?? compression}`);
};
/** Tiles are read as stored: a gzip tile goes out gzip to the browsers that accept it. */
const asStored: DecompressFunc = async (data) => data;

/** A local archive, read with positioned reads of one open file. */
class FileRangeSource implements Source {
  constructor(
    private readonly handle: FileHandle,
    private readonly path: string,
    private readonly size: number,
  ) {}
  getKey() {
    return this.path;
  }
  async getBytes(offset: number, length: number): Promise<RangeResponse> {
    const wanted = Math.max(0, Math.min(length, this.size - offset));
    const buffer = Buffer.alloc(wanted);
    await this.handle.read(buffer, 0, wanted, offset);
    return { data: toArrayBuffer(buffer) };
  }
}

/** A remote archive, read with HTTP range requests (node's fetch; one ETag kept so a replaced archive is noticed). */
class HttpRangeSource implements Source {
  constructor(private readonly url: string) {}
  getKey() {
    return this.url;
  }
  async getBytes(offset: number, length: number, signal?: AbortSignal, etag?: string): Promise<RangeResponse> {
    let response = await fetch(this.url, { headers: { range: `bytes=${offset}-${offset + length - 1}` }, signal });
    // An archive smaller than the first read: ask again for what it has.
    const whole = /^bytes \*\/(\d+)$/.exec(response.headers.get('content-range') ?? '');
    if (response.status === 416 && offset === 0 && whole) {
      await response.body?.cancel();
      response = await fetch(this.url, { headers: { range: `bytes=0-${Number(whole[1]) - 1}` }, signal });
    }
    if (response.status !== 206 && response.status !== 200) {
      await response.body?.cancel();
      throw new Error(`${this.url} answered ${response.status}`);
    }
    const data = await response.arrayBuffer();
    if (response.status === 200 && data.byteLength > length)
      throw new Error(`${this.url} does not answer range requests (it sent the whole file)`);
    const answered = response.headers.get('etag') ?? undefined;
    if (etag && answered && answered !== etag) throw new EtagMismatch(`${this.url} changed while it was read`);
    return { data, etag: answered };
  }
}

export type MapArchive = {
  /** Changes whenever the archive does (a hash of its header and root directory): tile URLs carry it. */
  id: string;
  minZoom: number;
  maxZoom: number;
  bounds: [number, number, number, number];
  tileCompression: Compression;
  attribution: string | undefined;
  /** A tile's bytes as stored (compressed with `tileCompression`), or undefined where the archive has none. */
  tile(z: number, x: number, y: number): Promise<Buffer | undefined>;
  close(): Promise<void>;
};

/** Where MAP_PMTILES points: an https URL (http only on this machine), else a file path. */
export const isArchiveUrl = (setting: string) => /^https?:\/\//i.test(setting);

async function openSource(setting: string): Promise<{ source: Source; close: () => Promise<void> }> {
  if (isArchiveUrl(setting)) return { source: new HttpRangeSource(setting), close: async () => {} };
  let handle: FileHandle;
  try {
    handle = await open(setting, 'r');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new MapArchiveError(
      code === 'ENOENT'
        ? `MAP_PMTILES: no file at ${setting}`
        : `MAP_PMTILES: cannot read ${setting} (${code ?? (error as Error).message})`,
    );
  }
  const { size } = await handle.stat();
  return { source: new FileRangeSource(handle, setting, size), close: () => handle.close() };
}

/**
 * Opens MAP_PMTILES and checks, before the site serves a tile from it, that it is a PMTiles v3
 * archive of vector tiles this process can decompress. Every refusal is one line naming the
 * setting and the reason.
 */
export async function openMapArchive(setting: string): Promise<MapArchive> {
  const { source, close } = await openSource(setting);
  const refuse = async (reason: string): Promise<never> => {
    await close();
    throw new MapArchiveError(`MAP_PMTILES: ${setting} ${reason}`);
  };
  let first: ArrayBuffer;
  try {
    first = (await source.getBytes(0, FIRST_BYTES)).data;
  } catch (error) {
    return refuse(`cannot be read: ${(error as Error).message.split('\n')[0]}`);
  }
  const bytes = new Uint8Array(first);
  if (bytes.length < HEADER_BYTES || Buffer.from(bytes.subarray(0, MAGIC.length)).toString('latin1') !== MAGIC)
    return refuse('is not a PMTiles archive (it does not start with the PMTiles v3 header)');
  if (bytes[7] !== 3)
    return refuse(
      `is a PMTiles version ${bytes[7]} archive; only version 3 is served (convert it with pmtiles convert)`,
    );

  const archive = new PMTiles(source, new SharedPromiseCache(100, false, decompress), asStored);
  const header = await archive
    .getHeader()
    .catch((error: unknown) => refuse(`has a bad root directory: ${(error as Error).message}`));
  if (header.tileType !== TileType.Mvt)
    return refuse(
      `holds ${TILE_TYPE_NAMES[header.tileType] ?? `type ${header.tileType}`} tiles; only vector tiles (MVT) are served`,
    );
  for (const [what, compression] of [
    ['its tiles', header.tileCompression],
    ['its directories', header.internalCompression],
  ] as const)
    if (!readable(compression))
      return refuse(
        `compresses ${what} with ${COMPRESSION_NAMES[compression] ?? compression}, which this server cannot read`,
      );
  // Read here, not with archive.getMetadata(): that one decompresses with the tiles' (as stored) function.
  const metadata = await source
    .getBytes(header.jsonMetadataOffset, header.jsonMetadataLength)
    .then(
      async ({ data }) =>
        JSON.parse(Buffer.from(await decompress(data, header.internalCompression)).toString('utf8')) as unknown,
    )
    .catch(() => ({}));
  const attribution = (metadata as { attribution?: unknown } | null)?.attribution;
  const rootEnd = Math.min(bytes.length, header.rootDirectoryOffset + header.rootDirectoryLength);
  return {
    id: createHash('sha256').update(bytes.subarray(0, rootEnd)).digest('hex').slice(0, 16),
    minZoom: header.minZoom,
    maxZoom: header.maxZoom,
    bounds: [header.minLon, header.minLat, header.maxLon, header.maxLat],
    tileCompression: header.tileCompression,
    attribution: typeof attribution === 'string' ? attribution : undefined,
    async tile(z, x, y) {
      const found = await archive.getZxy(z, x, y);
      return found ? Buffer.from(found.data) : undefined;
    },
    close,
  };
}

/** A stored tile as the response body: as stored when the browser accepts its encoding, else decompressed. */
export async function tileForClient(
  archive: MapArchive,
  stored: Buffer,
  accepts: (encoding: string) => boolean,
): Promise<{ body: Buffer; encoding?: 'gzip' | 'br' }> {
  if (archive.tileCompression === Compression.Gzip)
    return accepts('gzip') ? { body: stored, encoding: 'gzip' } : { body: await gunzipAsync(stored) };
  if (archive.tileCompression === Compression.Brotli)
    return accepts('br') ? { body: stored, encoding: 'br' } : { body: await brotliAsync(stored) };
  return { body: stored };
}
