import { expect } from 'chai';
import sharp from 'sharp';
import { encodeFill, fillCropBox } from '../../server/modules/images/fill-crop';

/** A 300x100 PNG: red on the left third, green in the middle, blue on the right. */
async function stripes(): Promise<Buffer> {
  const raw = Buffer.alloc(300 * 100 * 3);
  for (let y = 0; y < 100; y++) {
    for (let x = 0; x < 300; x++) {
      const at = (y * 300 + x) * 3;
      raw[at + Math.floor(x / 100)] = 255;
    }
  }
  return sharp(raw, { raw: { width: 300, height: 100, channels: 3 } })
    .png()
    .toBuffer();
}

/** The colour (r, g or b) that dominates the middle pixel of an encoded image. */
async function middleColour(data: Buffer): Promise<'r' | 'g' | 'b'> {
  const { data: raw, info } = await sharp(data).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const at = (Math.floor(info.height / 2) * info.width + Math.floor(info.width / 2)) * 3;
  const [r, g, b] = [raw[at]!, raw[at + 1]!, raw[at + 2]!];
  return r > g && r > b ? 'r' : g > b ? 'g' : 'b';
}

describe('fill renditions follow the focal point', () => {
  it('crops the largest box of the target shape, centred on the focal point as far as the edges allow', () => {
    const source = { width: 300, height: 100 };
    const square = { width: 50, height: 50 };
    expect(fillCropBox(source, square, null)).to.deep.equal({ left: 100, top: 0, width: 100, height: 100 });
    expect(fillCropBox(source, square, { x: 0.5, y: 0.5 })).to.deep.equal({
      left: 100,
      top: 0,
      width: 100,
      height: 100,
    });
    expect(fillCropBox(source, square, { x: 0.1, y: 0.5 })).to.deep.equal({ left: 0, top: 0, width: 100, height: 100 });
    expect(fillCropBox(source, square, { x: 0.7, y: 0.2 })).to.deep.equal({
      left: 160,
      top: 0,
      width: 100,
      height: 100,
    });
    expect(fillCropBox(source, square, { x: 1, y: 1 })).to.deep.equal({ left: 200, top: 0, width: 100, height: 100 });
    // A wide target on a tall image moves down and up instead.
    const tall = { width: 100, height: 400 };
    expect(fillCropBox(tall, { width: 200, height: 100 }, { x: 0.5, y: 0.9 })).to.deep.equal({
      left: 0,
      top: 335,
      width: 100,
      height: 50,
    });
    expect(fillCropBox(tall, { width: 200, height: 100 }, { x: 0.5, y: 0 })).to.deep.equal({
      left: 0,
      top: 0,
      width: 100,
      height: 50,
    });
    // Out-of-range points (never stored, but a bad row must not crop outside the image).
    expect(fillCropBox(source, square, { x: -3, y: 7 })).to.deep.equal({ left: 0, top: 0, width: 100, height: 100 });
  });

  it('moves the encoded crop with the focal point', async () => {
    const original = await stripes();
    const left = await encodeFill(original, { width: 80, height: 80 }, { x: 0.15, y: 0.5 }, 'png');
    const centre = await encodeFill(original, { width: 80, height: 80 }, null, 'png');
    const right = await encodeFill(original, { width: 80, height: 80 }, { x: 0.85, y: 0.5 }, 'webp');
    expect(left.info).to.deep.equal({ width: 80, height: 80 });
    expect(right.mimetype).to.equal('image/webp');
    expect(await middleColour(left.data)).to.equal('r');
    expect(await middleColour(centre.data)).to.equal('g');
    expect(await middleColour(right.data)).to.equal('b');
  });

  it('never enlarges: a target bigger than the original keeps the target shape at the original size', async () => {
    const made = await encodeFill(await stripes(), { width: 600, height: 600 }, { x: 0.9, y: 0.5 }, 'jpeg');
    expect(made.info).to.deep.equal({ width: 100, height: 100 });
    expect(await middleColour(made.data)).to.equal('b');
  });
});
