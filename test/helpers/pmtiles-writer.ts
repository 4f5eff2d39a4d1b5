import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { Compression, TileType, zxyToTileId, type Entry } from 'pmtiles';

/**
 * Writes a PMTiles v3 archive (https://github.com/protomaps/PMTiles/blob/main/spec/v3/spec.md):
 * a 127-byte header, the root directory, the JSON metadata, the leaf directories and the tile
 * data. npm has readers only (pmtiles, the one the site uses) and no maintained writer, so the
 * tests carry this small one; the ids, entries and enums are pmtiles' own.
 *
 * Directories list entries by Hilbert tile id, as four columns of varints: id deltas, run
 * lengths, lengths, and offsets (0 for "right after the previous entry", else offset + 1).
 */
export type TileToWrite = { z: number; x: number; y: number; data: Buffer };
export type ArchiveOptions = {
  /** Entries per leaf directory; when set, the root only points at leaves (to exercise them). */
  leafSize?: number;
  metadata?: Record<string, unknown>;
  tileType?: TileType;
  tileCompression?: Compression;
  specVersion?: number;
};

function varints(values: number[]): Buffer {
  const bytes: number[] = [];
  for (let value of values) {
    while (value >= 0x80) {
      bytes.push((value % 0x80) | 0x80);
      value = Math.floor(value / 0x80);
    }
    bytes.push(value);
  }
  return Buffer.from(bytes);
}

export function serializeDirectory(entries: Entry[]): Buffer {
  let lastId = 0;
  const ids = entries.map((entry) => {
    const delta = entry.tileId - lastId;
    lastId = entry.tileId;
    return delta;
  });
  const offsets = entries.map((entry, i) => {
    const previous = entries[i - 1];
    return previous && entry.offset === previous.offset + previous.length ? 0 : entry.offset + 1;
  });
  return Buffer.concat([
    varints([entries.length]),
    varints(ids),
    varints(entries.map((entry) => entry.runLength)),
    varints(entries.map((entry) => entry.length)),
    varints(offsets),
  ]);
}

/** Identical tiles are stored once (open sea, solid land): consecutive ids share one entry. */
function tileEntries(tiles: TileToWrite[], compress: (data: Buffer) => Buffer): { entries: Entry[]; data: Buffer } {
  const sorted = tiles
    .map((tile) => ({ ...tile, tileId: zxyToTileId(tile.z, tile.x, tile.y) }))
    .sort((a, b) => a.tileId - b.tileId);
  const stored = new Map<string, { offset: number; length: number }>();
  const chunks: Buffer[] = [];
  let size = 0;
  const entries: Entry[] = [];
  for (const tile of sorted) {
    const hash = createHash('sha256').update(tile.data).digest('hex');
    let place = stored.get(hash);
    if (!place) {
      const bytes = compress(tile.data);
      place = { offset: size, length: bytes.length };
      stored.set(hash, place);
      chunks.push(bytes);
      size += bytes.length;
    }
    const last = entries.at(-1);
    if (last && last.offset === place.offset && last.tileId + last.runLength === tile.tileId) last.runLength++;
    else entries.push({ tileId: tile.tileId, offset: place.offset, length: place.length, runLength: 1 });
  }
  return { entries, data: Buffer.concat(chunks) };
}

export function writePmtiles(tiles: TileToWrite[], options: ArchiveOptions = {}): Buffer {
  const tileCompression = options.tileCompression ?? Compression.Gzip;
  const compressTile = (data: Buffer) => (tileCompression === Compression.Gzip ? gzipSync(data) : data);
  const { entries, data } = tileEntries(tiles, compressTile);

  let root = entries;
  let leaves = Buffer.alloc(0);
  if (options.leafSize) {
    const leafChunks: Buffer[] = [];
    root = [];
    let offset = 0;
    for (let i = 0; i < entries.length; i += options.leafSize) {
      const leaf = gzipSync(serializeDirectory(entries.slice(i, i + options.leafSize)));
      root.push({ tileId: entries[i]!.tileId, offset, length: leaf.length, runLength: 0 });
      leafChunks.push(leaf);
      offset += leaf.length;
    }
    leaves = Buffer.concat(leafChunks);
  }
  const rootBytes = gzipSync(serializeDirectory(root));
  const metadata = gzipSync(JSON.stringify(options.metadata ?? {}));
  if (127 + rootBytes.length > 16_384) throw new Error('root directory too large: pass leafSize');

  const zooms = tiles.map((tile) => tile.z);
  const header = Buffer.alloc(127);
  header.write('PMTiles', 0, 'latin1');
  header.writeUInt8(options.specVersion ?? 3, 7);
  const sections = [
    [127, rootBytes.length],
    [127 + rootBytes.length, metadata.length],
    [127 + rootBytes.length + metadata.length, leaves.length],
    [127 + rootBytes.length + metadata.length + leaves.length, data.length],
  ];
  sections.flat().forEach((value, i) => header.writeBigUInt64LE(BigInt(value), 8 + i * 8));
  header.writeBigUInt64LE(BigInt(tiles.length), 72); // addressed tiles
  header.writeBigUInt64LE(BigInt(entries.length), 80); // tile entries
  header.writeBigUInt64LE(BigInt(new Set(entries.map((entry) => entry.offset)).size), 88); // tile contents
  header.writeUInt8(1, 96); // clustered: tile data in tile id order
  header.writeUInt8(Compression.Gzip, 97); // directories and metadata
  header.writeUInt8(tileCompression, 98);
  header.writeUInt8(options.tileType ?? TileType.Mvt, 99);
  header.writeUInt8(Math.min(...zooms), 100);
  header.writeUInt8(Math.max(...zooms), 101);
  // Bounds and centre (degrees × 10^7): the whole world, centred on New York.
  [-180, -85, 180, 85].forEach((degrees, i) => header.writeInt32LE(Math.round(degrees * 1e7), 102 + i * 4));
  header.writeUInt8(Math.min(...zooms), 118);
  header.writeInt32LE(Math.round(-74.0 * 1e7), 119);
  header.writeInt32LE(Math.round(40.7 * 1e7), 123);
  return Buffer.concat([header, rootBytes, metadata, leaves, data]);
}
