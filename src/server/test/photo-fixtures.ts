import { crc32 } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';

/*
 * Images for photo tests and the photo benchmark, made in memory. EXIF is written by hand (a TIFF
 * structure in an APP1 segment) so a test controls exactly which tags, GPS included, go in.
 */

type ExifFields = {
  /** EXIF orientation 1-8; 6 means "rotate 90° clockwise to display". */
  orientation?: number;
  gps?: { lat: number; lon: number };
  make?: string;
};

type Entry = { tag: number; type: number; count: number; value: Buffer };
const ASCII = 2;
const SHORT = 3;
const LONG = 4;
const RATIONAL = 5;
const BYTE = 1;

function ascii(text: string): Entry['value'] {
  return Buffer.from(`${text}\0`, 'latin1');
}

function rationals(values: number[]): Buffer {
  const out = Buffer.alloc(values.length * 8);
  values.forEach((v, i) => {
    out.writeUInt32LE(Math.round(v * 10_000), i * 8);
    out.writeUInt32LE(10_000, i * 8 + 4);
  });
  return out;
}

function degrees(value: number): number[] {
  const abs = Math.abs(value);
  const d = Math.floor(abs);
  const m = Math.floor((abs - d) * 60);
  const s = (abs - d - m / 60) * 3600;
  return [d, m, s];
}

/** Lays out IFDs (little endian): entries, then values longer than 4 bytes after each IFD. */
function writeIfd(entries: Entry[], start: number, nextIfd: number): Buffer {
  const sorted = [...entries].sort((a, b) => a.tag - b.tag);
  const tableSize = 2 + sorted.length * 12 + 4;
  const table = Buffer.alloc(tableSize);
  const extra: Buffer[] = [];
  let extraOffset = start + tableSize;
  table.writeUInt16LE(sorted.length, 0);
  sorted.forEach((entry, i) => {
    const at = 2 + i * 12;
    table.writeUInt16LE(entry.tag, at);
    table.writeUInt16LE(entry.type, at + 2);
    table.writeUInt32LE(entry.count, at + 4);
    if (entry.value.length <= 4) {
      entry.value.copy(table, at + 8);
    } else {
      table.writeUInt32LE(extraOffset, at + 8);
      const padded = entry.value.length % 2 ? Buffer.concat([entry.value, Buffer.alloc(1)]) : entry.value;
      extra.push(padded);
      extraOffset += padded.length;
    }
  });
  table.writeUInt32LE(nextIfd, tableSize - 4);
  return Buffer.concat([table, ...extra]);
}

function ifdSize(entries: Entry[]): number {
  return (
    2 +
    entries.length * 12 +
    4 +
    entries.reduce((sum, e) => sum + (e.value.length > 4 ? e.value.length + (e.value.length % 2) : 0), 0)
  );
}

/** The APP1 payload ("Exif\0\0" + TIFF) with IFD0 tags and, when asked, a GPS IFD. */
function buildExif(fields: ExifFields): Buffer {
  const ifd0: Entry[] = [];
  if (fields.make)
    ifd0.push({ tag: 0x010f, type: ASCII, count: fields.make.length + 1, value: ascii(fields.make) });
  if (fields.orientation) {
    const value = Buffer.alloc(4);
    value.writeUInt16LE(fields.orientation, 0);
    ifd0.push({ tag: 0x0112, type: SHORT, count: 1, value });
  }
  const gps: Entry[] = [];
  if (fields.gps) {
    const { lat, lon } = fields.gps;
    gps.push(
      { tag: 0x0000, type: BYTE, count: 4, value: Buffer.from([2, 3, 0, 0]) },
      { tag: 0x0001, type: ASCII, count: 2, value: ascii(lat >= 0 ? 'N' : 'S') },
      { tag: 0x0002, type: RATIONAL, count: 3, value: rationals(degrees(lat)) },
      { tag: 0x0003, type: ASCII, count: 2, value: ascii(lon >= 0 ? 'E' : 'W') },
      { tag: 0x0004, type: RATIONAL, count: 3, value: rationals(degrees(lon)) },
    );
    // Placeholder: the GPS IFD offset is known once IFD0's size is.
    ifd0.push({ tag: 0x8825, type: LONG, count: 1, value: Buffer.alloc(4) });
  }
  const ifd0Start = 8;
  const gpsStart = ifd0Start + ifdSize(ifd0);
  const pointer = ifd0.find((e) => e.tag === 0x8825);
  pointer?.value.writeUInt32LE(gpsStart, 0);
  const header = Buffer.from([0x49, 0x49, 0x2a, 0x00, 0x08, 0x00, 0x00, 0x00]);
  const tiff = Buffer.concat([
    header,
    writeIfd(ifd0, ifd0Start, 0),
    ...(gps.length ? [writeIfd(gps, gpsStart, 0)] : []),
  ]);
  return Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), tiff]);
}

/** Puts an EXIF APP1 segment right after the JPEG's start marker (and its JFIF APP0, if any). */
export function insertExif(jpeg: Buffer, fields: ExifFields): Buffer {
  const exif = buildExif(fields);
  const segment = Buffer.alloc(4 + exif.length);
  segment.writeUInt16BE(0xffe1, 0);
  segment.writeUInt16BE(exif.length + 2, 2);
  exif.copy(segment, 4);
  let at = 2;
  if (jpeg[2] === 0xff && jpeg[3] === 0xe0) at = 4 + jpeg.readUInt16BE(4);
  return Buffer.concat([jpeg.subarray(0, at), segment, jpeg.subarray(at)]);
}

/**
 * A JPEG whose left half is red and right half blue, so a test can tell how it was rotated.
 * `icc` embeds a Display P3 profile, as phones do.
 */
export async function makeTestJpeg(
  width: number,
  height: number,
  options: { exif?: ExifFields; icc?: boolean; quality?: number } = {},
): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="${width / 2}" height="${height}" fill="#e00000"/><rect x="${width / 2}" width="${width / 2}" height="${height}" fill="#0000e0"/></svg>`;
  let image = sharp(Buffer.from(svg)).removeAlpha();
  if (options.icc) image = image.withIccProfile('p3');
  const jpeg = await image.jpeg({ quality: options.quality ?? 90 }).toBuffer();
  return options.exif ? insertExif(jpeg, options.exif) : jpeg;
}

/** A solid PNG of the given size. */
export function makeTestPng(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#3c8' } })
    .png()
    .toBuffer();
}

function pngChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/**
 * A decompression bomb's calling card: a valid PNG header claiming width × height pixels, with a
 * few bytes of data. Decoding it would allocate width × height × 3 bytes.
 */
export function makePngHeaderClaiming(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.writeUInt8(8, 8); // bit depth
  ihdr.writeUInt8(2, 9); // truecolour
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', Buffer.from([0x78, 0x9c, 0x63, 0x00, 0x00, 0x00, 0x01, 0x00, 0x01])),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A multipart/form-data body as a browser would send it, for app.inject. */
export async function multipartBody(
  fields: Record<string, string | { data: Buffer; filename: string; type?: string }>,
): Promise<{ payload: Buffer; headers: { 'content-type': string } }> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (typeof value === 'string') form.append(name, value);
    else
      form.append(name, new Blob([new Uint8Array(value.data)], { type: value.type ?? '' }), value.filename);
  }
  const response = new Response(form);
  return {
    payload: Buffer.from(await response.arrayBuffer()),
    headers: { 'content-type': response.headers.get('content-type') as string },
  };
}

/** A multipart form posted as a login (its cookies, and its CSRF header beside the form's type). */
export async function postMultipart(
  app: Pick<FastifyInstance, 'inject'>,
  url: string,
  fields: Parameters<typeof multipartBody>[0],
  login: { cookies: Record<string, string>; headers?: Record<string, string> },
) {
  const form = await multipartBody(fields);
  return app.inject({
    method: 'POST',
    url,
    payload: form.payload,
    cookies: login.cookies,
    headers: { ...login.headers, ...form.headers },
  });
}
