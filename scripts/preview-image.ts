// The preview image (src/client/public/og-image.png) is rendered from its text source,
// src/client/preview-image.svg, by `npm run preview-image`. The PNG records the SHA-256 of the source it
// was rendered from in a text chunk, so a test can tell when the source changed and the image was not
// rendered again: the words the wording test scans are then the words the image shows.
import { createHash } from 'node:crypto';
import { crc32 } from 'node:zlib';

export const previewImageSource = 'src/client/preview-image.svg';
export const previewImageFile = 'src/client/public/og-image.png';

const sourceKeyword = 'Source-SHA256';
const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

export function sourceDigest(svg: string | Buffer): string {
  return createHash('sha256').update(svg).digest('hex');
}

function chunk(type: string, data: Buffer): Buffer {
  const typeAndData = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typeAndData));
  return Buffer.concat([length, typeAndData, crc]);
}

/** The PNG with a `tEXt` chunk naming the digest of its source, right after the header chunk. */
export function withSourceDigest(png: Buffer, digest: string): Buffer {
  if (!png.subarray(0, 8).equals(signature)) throw new Error('Not a PNG');
  const headerEnd = 8 + 12 + png.readUInt32BE(8);
  const text = chunk('tEXt', Buffer.from(`${sourceKeyword}\0${digest}`, 'latin1'));
  return Buffer.concat([png.subarray(0, headerEnd), text, png.subarray(headerEnd)]);
}

/** The source digest a PNG records, or null when it records none. */
export function recordedSourceDigest(png: Buffer): string | null {
  if (!png.subarray(0, 8).equals(signature)) return null;
  for (let offset = 8; offset + 12 <= png.length; ) {
    const length = png.readUInt32BE(offset);
    const type = png.toString('latin1', offset + 4, offset + 8);
    if (type === 'tEXt') {
      const [keyword, value] = png.toString('latin1', offset + 8, offset + 8 + length).split('\0');
      if (keyword === sourceKeyword && value) return value;
    }
    if (type === 'IEND') break;
    offset += 12 + length;
  }
  return null;
}

/** The words the image shows: the text of the source's `<text>` elements. */
export function previewImageWords(svg: string): string {
  const words = [...svg.matchAll(/<text\b[^>]*>([\s\S]*?)<\/text>/g)].map((match) => (match[1] ?? '').replace(/<[^>]+>/g, ''));
  return words.join('\n').replace(/&amp;/g, '&').replace(/&lt;/g, '<').replace(/&gt;/g, '>');
}
