import { open, type FileHandle } from 'node:fs/promises';

/**
 * A video's duration in seconds, read from its container header (no external tool): the MP4
 * movie header ('moov' > 'mvhd': duration / timescale) or the Matroska/WebM segment information
 * (Segment > Info: Duration x TimecodeScale). Only headers are read, by seeking, so a 100 MB file
 * costs a few small reads. Undefined when the header does not say (a WebM recorded live has no
 * Duration) or cannot be read; a malformed file never throws past this function.
 */
export async function readVideoDuration(path: string, mimetype: string): Promise<number | undefined> {
  let handle: FileHandle | undefined;
  try {
    handle = await open(path, 'r');
    const { size } = await handle.stat();
    const seconds =
      mimetype === 'video/mp4'
        ? await mp4Duration(handle, size)
        : mimetype === 'video/webm'
          ? await matroskaDuration(handle, size)
          : undefined;
    return seconds !== undefined && Number.isFinite(seconds) && seconds >= 0 && seconds < 1e7
      ? Math.round(seconds * 1000) / 1000
      : undefined;
  } catch {
    return undefined;
  } finally {
    await handle?.close();
  }
}

async function readAt(handle: FileHandle, position: number, length: number): Promise<Buffer> {
  const buffer = Buffer.alloc(length);
  const { bytesRead } = await handle.read(buffer, 0, length, position);
  return buffer.subarray(0, bytesRead);
}

/** MP4 boxes are walked at most this many per level (a hostile file cannot loop us for long). */
const MAX_BOXES = 10_000;

/** The ISO base media box of `type` among the boxes between start and end: its payload's range. */
async function findBox(
  handle: FileHandle,
  start: number,
  end: number,
  type: string,
): Promise<{ start: number; end: number } | undefined> {
  let position = start;
  for (let count = 0; position + 8 <= end && count < MAX_BOXES; count += 1) {
    const header = await readAt(handle, position, 16);
    if (header.length < 8) return undefined;
    let boxSize = header.readUInt32BE(0);
    let headerSize = 8;
    if (boxSize === 1) {
      if (header.length < 16) return undefined;
      boxSize = Number(header.readBigUInt64BE(8));
      headerSize = 16;
    } else if (boxSize === 0) boxSize = end - position;
    if (boxSize < headerSize || position + boxSize > end) return undefined;
    if (header.toString('latin1', 4, 8) === type) return { start: position + headerSize, end: position + boxSize };
    position += boxSize;
  }
  return undefined;
}

async function mp4Duration(handle: FileHandle, size: number): Promise<number | undefined> {
  const moov = await findBox(handle, 0, size, 'moov');
  if (!moov) return undefined;
  const mvhd = await findBox(handle, moov.start, moov.end, 'mvhd');
  if (!mvhd) return undefined;
  const body = await readAt(handle, mvhd.start, Math.min(32, mvhd.end - mvhd.start));
  const version = body[0];
  if (version === 0 && body.length >= 20) {
    const timescale = body.readUInt32BE(12);
    const duration = body.readUInt32BE(16);
    // All ones: 'unknown' (a fragmented file).
    return timescale > 0 && duration !== 0xffffffff ? duration / timescale : undefined;
  }
  if (version === 1 && body.length >= 32) {
    const timescale = body.readUInt32BE(20);
    const duration = body.readBigUInt64BE(24);
    return timescale > 0 && duration !== 0xffffffffffffffffn ? Number(duration) / timescale : undefined;
  }
  return undefined;
}

const EBML = 0x1a45dfa3;
const SEGMENT = 0x18538067;
const INFO = 0x1549a966;
const CLUSTER = 0x1f43b675;
const TIMECODE_SCALE = 0x2ad7b1;
const DURATION = 0x4489;

/** An EBML variable-length integer at `offset`: its value (marker bit removed unless `keepMarker`) and length. */
function vint(
  buffer: Buffer,
  offset: number,
  keepMarker: boolean,
): { value: number; length: number; unknown: boolean } | undefined {
  const first = buffer[offset];
  if (first === undefined || first === 0) return undefined;
  const length = Math.clz32(first) - 23;
  if (length > 8 || offset + length > buffer.length) return undefined;
  let value = keepMarker ? first : first & (0xff >> length);
  let allOnes = value === 0xff >> length;
  for (let i = 1; i < length; i += 1) {
    const byte = buffer[offset + i]!;
    value = value * 256 + byte;
    if (byte !== 0xff) allOnes = false;
  }
  return { value, length, unknown: !keepMarker && allOnes };
}

/** One element header at `position`: id, where its data starts, its size (undefined: unknown). */
async function elementAt(handle: FileHandle, position: number) {
  const header = await readAt(handle, position, 12);
  const id = vint(header, 0, true);
  if (!id) return undefined;
  const size = vint(header, id.length, false);
  if (!size) return undefined;
  return { id: id.value, dataStart: position + id.length + size.length, size: size.unknown ? undefined : size.value };
}

async function matroskaDuration(handle: FileHandle, fileSize: number): Promise<number | undefined> {
  const ebml = await elementAt(handle, 0);
  if (!ebml || ebml.id !== EBML || ebml.size === undefined) return undefined;
  const segment = await elementAt(handle, ebml.dataStart + ebml.size);
  if (!segment || segment.id !== SEGMENT) return undefined;
  const segmentEnd = segment.size === undefined ? fileSize : Math.min(fileSize, segment.dataStart + segment.size);
  let position = segment.dataStart;
  for (let count = 0; position < segmentEnd && count < MAX_BOXES; count += 1) {
    const element = await elementAt(handle, position);
    // Clusters hold the frames: the segment information always comes before them.
    if (!element || element.size === undefined || element.id === CLUSTER) return undefined;
    if (element.id === INFO) return infoDuration(await readAt(handle, element.dataStart, Math.min(element.size, 4096)));
    position = element.dataStart + element.size;
  }
  return undefined;
}

function infoDuration(info: Buffer): number | undefined {
  let scale = 1_000_000;
  let duration: number | undefined;
  let offset = 0;
  while (offset < info.length) {
    const id = vint(info, offset, true);
    if (!id) break;
    const size = vint(info, offset + id.length, false);
    if (!size || size.unknown) break;
    const start = offset + id.length + size.length;
    const data = info.subarray(start, start + size.value);
    if (data.length < size.value) break;
    if (id.value === TIMECODE_SCALE && size.value >= 1 && size.value <= 8)
      scale = data.reduce((value, byte) => value * 256 + byte, 0);
    if (id.value === DURATION)
      duration = size.value === 4 ? data.readFloatBE(0) : size.value === 8 ? data.readDoubleBE(0) : undefined;
    offset = start + size.value;
  }
  return duration === undefined || scale <= 0 ? undefined : (duration * scale) / 1e9;
}
