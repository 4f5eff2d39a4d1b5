import sharp from 'sharp';
import { zipOf } from '../../server/seed/press-files';

/** Real files of each kind, small, made on the spot. */
export const tinyPdf = () => minimalPdf();

function minimalPdf(): Buffer {
  return Buffer.from(
    '%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n2 0 obj\n<< /Type /Pages /Kids [] /Count 0 >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n',
    'latin1',
  );
}

export const tinyZip = () => zipOf([{ name: 'readme.txt', data: Buffer.from('Harborline') }]);

export const jpeg = (width = 64, height = 48, color = '#0e7c8a') =>
  sharp({ create: { width, height, channels: 3, background: color } })
    .jpeg()
    .toBuffer();
export const png = (width = 64, height = 48) =>
  sharp({ create: { width, height, channels: 4, background: '#c8102e' } })
    .png()
    .toBuffer();

/** A valid PNG header whose IHDR claims 50,000 x 50,000 pixels: a decompression bomb. */
export async function pngBomb(): Promise<Buffer> {
  const small = await png(1, 1);
  const bomb = Buffer.from(small);
  bomb.writeUInt32BE(50_000, 16);
  bomb.writeUInt32BE(50_000, 20);
  // The IHDR's CRC (bytes 29..32) covers type + data: recompute so only the size is a lie.
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  let crc = 0xffffffff;
  for (const byte of bomb.subarray(12, 29)) crc = crcTable[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  bomb.writeUInt32BE((crc ^ 0xffffffff) >>> 0, 29);
  return bomb;
}

/** A JPEG whose bytes also carry an HTML page with a script (a polyglot). */
export async function polyglotJpeg(): Promise<Buffer> {
  return Buffer.concat([await jpeg(), Buffer.from('<html><script>alert(document.cookie)</script></html>')]);
}
