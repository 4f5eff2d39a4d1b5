import sharp from 'sharp';
import type { Db } from '../db';
import { createDocument } from '../modules/documents/service';
import type { MediaStorage } from '../storage/media-storage';
import { demoArtSvg } from './demo-art';

/** The demo's media downloads: a press kit PDF, a ZIP of logos and a photograph (JPEG). */
export type PressFiles = { pressKit: number; logos: number; photo: number };

/** A small valid PDF whose one page says what it is; padded to about 2.4 MB like a real press kit. */
export function pressKitPdf(): Buffer {
  const text = 'BT /F1 24 Tf 72 720 Td (Harborline Seafood Press Kit) Tj ET';
  // Comment lines in the content stream: valid PDF that a viewer ignores, to give the file weight.
  const padding = '% Harborline Seafood press kit: brand guidelines, fact sheet and leadership biographies.\n'.repeat(
    27_000,
  );
  const stream = `${text}\n${padding}`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${Buffer.byteLength(stream)} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(Buffer.byteLength(body));
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body);
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(data: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of data) crc = CRC_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

/** A ZIP archive of stored (uncompressed) entries. */
export function zipOf(entries: Array<{ name: string; data: Buffer }>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name);
    const crc = crc32(entry.data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(entry.data.length, 18);
    local.writeUInt32LE(entry.data.length, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(entry.data.length, 20);
    central.writeUInt32LE(entry.data.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, entry.data);
    centrals.push(central, name);
    offset += local.length + name.length + entry.data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const logoSvg = (fill: string, text: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="200" viewBox="0 0 600 200"><rect width="600" height="200" fill="${fill}"/><path d="M60 130 q40 -60 80 0 q40 60 80 0" stroke="#fff" stroke-width="14" fill="none"/><text x="250" y="120" font-family="sans-serif" font-size="56" fill="${text}">Harborline</text></svg>`;

export async function seedPressFiles(db: Db, storage: MediaStorage): Promise<PressFiles> {
  const pressKit = await createDocument(db, storage, {
    title: 'Harborline Press Kit',
    fileName: 'harborline-press-kit.pdf',
    data: pressKitPdf(),
  });
  const logos = zipOf([
    {
      name: 'harborline-logo-navy.png',
      data: await sharp(Buffer.from(logoSvg('#0B2341', '#FFFFFF')))
        .png()
        .toBuffer(),
    },
    {
      name: 'harborline-logo-red.png',
      data: await sharp(Buffer.from(logoSvg('#C8102E', '#FFFFFF')))
        .png()
        .toBuffer(),
    },
  ]);
  const logoDoc = await createDocument(db, storage, {
    title: 'Harborline Logos',
    fileName: 'harborline-logos.zip',
    data: logos,
  });
  const photoData = await sharp(Buffer.from(demoArtSvg('dining-room', { width: 1600, height: 1000 })))
    .jpeg({ quality: 85 })
    .toBuffer();
  const photo = await createDocument(db, storage, {
    title: 'Harborline Dining Room',
    fileName: 'harborline-dining-room.jpg',
    data: photoData,
  });
  return { pressKit: pressKit.id, logos: logoDoc.id, photo: photo.id };
}
