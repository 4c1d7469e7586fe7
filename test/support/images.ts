/**
 * Image files written byte by byte, for the figure checks: a header that says what a
 * hostile file would say (16000 × 16000 pixels in 57 bytes, a thousand GIF frames)
 * without the gigabytes a real one would decode to.
 */
import { crc32 } from "node:zlib";

const u32be = (n: number) => Buffer.from([(n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255]);
const u16le = (n: number) => Buffer.from([n & 255, (n >>> 8) & 255]);

function pngChunk(type: string, data: Uint8Array): Buffer {
  const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
  return Buffer.concat([u32be(data.length), body, u32be(crc32(body))]);
}

/**
 * A PNG of `width` × `height`: the signature, its image header (IHDR), an IDAT chunk
 * holding `data` (not a valid stream unless given one: only the header is read), and IEND.
 */
export function png(width: number, height: number, options: { depth?: number; colour?: number; data?: Uint8Array } = {}): Buffer {
  const ihdr = Buffer.concat([u32be(width), u32be(height), Buffer.from([options.depth ?? 8, options.colour ?? 2, 0, 0, 0])]);
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), pngChunk("IHDR", ihdr), pngChunk("IDAT", options.data ?? new Uint8Array(0)), pngChunk("IEND", new Uint8Array(0))]);
}

/** A GIF of a `width` × `height` screen with `frames` frames covering it, each of one LZW code stream of a few bytes. */
export function gif(width: number, height: number, frames: number): Buffer {
  const header = Buffer.concat([Buffer.from("GIF89a", "latin1"), u16le(width), u16le(height), Buffer.from([0x80, 0, 0]), Buffer.alloc(6)]);
  const frame = Buffer.concat([Buffer.from([0x2c]), u16le(0), u16le(0), u16le(width), u16le(height), Buffer.from([0, 2, 2, 0x4c, 0x01, 0])]);
  return Buffer.concat([header, ...Array.from({ length: frames }, () => frame), Buffer.from([0x3b])]);
}

/** An ISO media file that says it is AVIF (its `ftyp` box) followed by `rest` (an SVG, say). */
export function avifBrandThen(rest: string): Buffer {
  const ftyp = Buffer.concat([u32be(28), Buffer.from("ftypavif", "latin1"), u32be(0), Buffer.from("avifmif1miaf", "latin1")]);
  return Buffer.concat([ftyp, Buffer.from(rest, "utf8")]);
}
