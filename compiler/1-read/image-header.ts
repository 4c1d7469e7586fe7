import { closeSync, openSync, readSync } from "node:fs";
import { crc32 } from "node:zlib";

/**
 * What an image file's header says, read without decoding a pixel: its format, the
 * size of the picture and how many frames a decoder would make of it (an animated
 * GIF or WebP, the top-level images of an AVIF). The site decodes every frame it is
 * given (sharp with `pages: -1`), so the work an image can ask for is
 * width × height × frames; figure-file.ts bounds that before anything decodes it.
 */
export interface ImageHeader {
  format: ImageFormat;
  width: number;
  height: number;
  frames: number;
  /** The pixels of every frame together: what decoding it all makes. */
  pixels: number;
}

export type ImageFormat = "PNG" | "JPEG" | "GIF" | "WebP" | "AVIF";

/** The header, or why the file is not an image of `format` (a sentence to follow "it is not … image: "). */
export type HeaderResult = { header: ImageHeader; problem?: undefined } | { header?: undefined; problem: string };

/** Bytes of a file read on demand, a window at a time: a header walk reads only what it looks at. */
export class FileBytes {
  private window = new Uint8Array(0);
  private start = 0;
  /** Bytes read from the file so far, for tests that a header walk reads little. */
  read = 0;

  private readonly fd: number;
  readonly size: number;

  constructor(fd: number, size: number) {
    this.fd = fd;
    this.size = size;
  }

  /** `length` bytes at `offset` (fewer at the end of the file). */
  at(offset: number, length: number): Uint8Array {
    if (offset < 0 || offset >= this.size) return new Uint8Array(0);
    const end = Math.min(offset + length, this.size);
    if (offset < this.start || end > this.start + this.window.length) {
      this.window = new Uint8Array(Math.max(end - offset, 16 * 1024));
      const got = readSync(this.fd, this.window, 0, Math.min(this.window.length, this.size - offset), offset);
      this.read += got;
      this.window = this.window.subarray(0, got);
      this.start = offset;
    }
    return this.window.subarray(offset - this.start, end - this.start);
  }

  u8(offset: number): number | undefined {
    return this.at(offset, 1)[0];
  }

  u16be(offset: number): number | undefined {
    const b = this.at(offset, 2);
    return b.length < 2 ? undefined : (b[0] << 8) | b[1];
  }

  u16le(offset: number): number | undefined {
    const b = this.at(offset, 2);
    return b.length < 2 ? undefined : b[0] | (b[1] << 8);
  }

  u24be(offset: number): number | undefined {
    const b = this.at(offset, 3);
    return b.length < 3 ? undefined : (b[0] << 16) | (b[1] << 8) | b[2];
  }

  u24le(offset: number): number | undefined {
    const b = this.at(offset, 3);
    return b.length < 3 ? undefined : b[0] | (b[1] << 8) | (b[2] << 16);
  }

  u32be(offset: number): number | undefined {
    const b = this.at(offset, 4);
    return b.length < 4 ? undefined : ((b[0] << 24) >>> 0) + ((b[1] << 16) | (b[2] << 8) | b[3]);
  }

  u32le(offset: number): number | undefined {
    const b = this.at(offset, 4);
    return b.length < 4 ? undefined : ((b[3] << 24) >>> 0) + ((b[2] << 16) | (b[1] << 8) | b[0]);
  }

  ascii(offset: number, length: number): string {
    return String.fromCharCode(...this.at(offset, length));
  }
}

/** Reads the header of the file at `path` (at most `size` bytes long) as an image of `format`. */
export function readImageHeader(path: string, size: number, format: ImageFormat): HeaderResult & { read: number } {
  const fd = openSync(path, "r");
  try {
    const bytes = new FileBytes(fd, size);
    return { ...imageHeader(bytes, format), read: bytes.read };
  } finally {
    closeSync(fd);
  }
}

/** The header of `bytes` as an image of `format`. */
export function imageHeader(bytes: FileBytes, format: ImageFormat): HeaderResult {
  switch (format) {
    case "PNG":
      return pngHeader(bytes);
    case "JPEG":
      return jpegHeader(bytes);
    case "GIF":
      return gifHeader(bytes);
    case "WebP":
      return webpHeader(bytes);
    case "AVIF":
      return avifHeader(bytes);
  }
}

const found = (format: ImageFormat, width: number, height: number, frames = 1, pixels = width * height * frames): HeaderResult =>
  width > 0 && height > 0 ? { header: { format, width, height, frames, pixels } } : { problem: `its header gives it a size of ${width} × ${height} pixels` };

/** The bit depths each PNG colour type allows (PNG specification, 11.2.2). */
const PNG_DEPTHS: Record<number, number[]> = { 0: [1, 2, 4, 8, 16], 2: [8, 16], 3: [1, 2, 4, 8], 4: [8, 16], 6: [8, 16] };

/** PNG: the signature, then the IHDR chunk (13 bytes, with its checksum). A decoder shows one frame. */
function pngHeader(b: FileBytes): HeaderResult {
  const signature = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (!signature.every((x, i) => b.u8(i) === x)) return { problem: "it does not start with the PNG signature" };
  if (b.u32be(8) !== 13 || b.ascii(12, 4) !== "IHDR") return { problem: "its first chunk is not the image header (IHDR)" };
  const ihdr = b.at(12, 17);
  if (ihdr.length < 17 || crc32(ihdr) !== b.u32be(29)) return { problem: "its image header (IHDR) is damaged (its checksum does not match)" };
  const [width, height, depth, colour] = [b.u32be(16)!, b.u32be(20)!, b.u8(24)!, b.u8(25)!];
  if (width > 0x7fffffff || height > 0x7fffffff) return { problem: "its header gives it a size PNG does not allow" };
  if (!PNG_DEPTHS[colour]?.includes(depth)) return { problem: `its header gives a colour type (${colour}) and bit depth (${depth}) PNG does not have` };
  return found("PNG", width, height);
}

/** JPEG: the segments after the start marker, up to the frame header (SOF), which gives the size. */
function jpegHeader(b: FileBytes): HeaderResult {
  if (b.u8(0) !== 0xff || b.u8(1) !== 0xd8) return { problem: "it does not start with the JPEG start marker" };
  let at = 2;
  while (at < b.size) {
    if (b.u8(at) !== 0xff) return { problem: "its segments are damaged before the frame header" };
    let marker = b.u8(at + 1);
    // Fill bytes: any number of 0xFF before a marker.
    while (marker === 0xff) marker = b.u8(++at + 1);
    if (marker === undefined) break;
    at += 2;
    // Markers without a length: restart markers, TEM.
    if ((marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) continue;
    if (marker === 0xd9 || marker === 0xda) return { problem: "it has no frame header before its image data" };
    const length = b.u16be(at);
    if (length === undefined || length < 2) break;
    const isFrame = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isFrame) {
      const [height, width] = [b.u16be(at + 3), b.u16be(at + 5)];
      if (height === undefined || width === undefined) break;
      if (height === 0) return { problem: "its height is not in its header (it is given after the image data)" };
      return found("JPEG", width, height);
    }
    at += length;
  }
  return { problem: "it ends before its frame header" };
}

/**
 * GIF: the logical screen, then every block to the trailer, counting the frames (each
 * is decoded onto a screen as large as the screen or the frame, whichever is larger).
 */
function gifHeader(b: FileBytes): HeaderResult {
  const version = b.ascii(0, 6);
  if (version !== "GIF87a" && version !== "GIF89a") return { problem: "it does not start with GIF87a or GIF89a" };
  let width = b.u16le(6) ?? 0;
  let height = b.u16le(8) ?? 0;
  const flags = b.u8(10) ?? 0;
  let at = 13 + (flags & 0x80 ? 3 * (2 << (flags & 7)) : 0);
  let frames = 0;
  /** Skips data sub-blocks (a length byte, then that many bytes) up to the empty one; false at the end of the file. */
  const skipSubBlocks = (): boolean => {
    for (let length = b.u8(at); length !== undefined; length = b.u8(at)) {
      at += 1 + length;
      if (length === 0) return true;
    }
    return false;
  };
  for (;;) {
    const block = b.u8(at);
    if (block === 0x3b || (block === undefined && frames > 0)) break; // the trailer (or a file cut short after a frame, which decoders show)
    if (block === 0x21) {
      at += 2;
      if (!skipSubBlocks()) break;
    } else if (block === 0x2c) {
      const [left, top, w, h, local] = [b.u16le(at + 1), b.u16le(at + 3), b.u16le(at + 5), b.u16le(at + 7), b.u8(at + 9)];
      if (local === undefined) break;
      width = Math.max(width, left! + w!);
      height = Math.max(height, top! + h!);
      frames++;
      at += 10 + (local & 0x80 ? 3 * (2 << (local & 7)) : 0) + 1;
      if (!skipSubBlocks()) break;
    } else {
      if (frames > 0) break;
      return { problem: block === undefined ? "it ends before its first frame" : "its blocks are damaged before its first frame" };
    }
  }
  return frames > 0 ? found("GIF", width, height, frames) : { problem: "it has no frame" };
}

/** WebP: a RIFF file of chunks; the first gives the size (VP8, VP8L or VP8X), ANMF chunks are the frames of an animation. */
function webpHeader(b: FileBytes): HeaderResult {
  if (b.ascii(0, 4) !== "RIFF" || b.ascii(8, 4) !== "WEBP") return { problem: "it is not a RIFF file of WEBP chunks" };
  const first = b.ascii(12, 4);
  const data = 20;
  if (first === "VP8 ") {
    if (b.u8(data + 3) !== 0x9d || b.u8(data + 4) !== 0x01 || b.u8(data + 5) !== 0x2a) return { problem: "its VP8 frame has no start code" };
    return found("WebP", (b.u16le(data + 6) ?? 0) & 0x3fff, (b.u16le(data + 8) ?? 0) & 0x3fff);
  }
  if (first === "VP8L") {
    if (b.u8(data) !== 0x2f) return { problem: "its VP8L image has no signature" };
    const bits = b.u32le(data + 1) ?? 0;
    return found("WebP", (bits & 0x3fff) + 1, ((bits >>> 14) & 0x3fff) + 1);
  }
  if (first !== "VP8X") return { problem: `its first chunk is ${JSON.stringify(first)}, not VP8, VP8L or VP8X` };
  const width = (b.u24le(data + 4) ?? 0) + 1;
  const height = (b.u24le(data + 7) ?? 0) + 1;
  if (!((b.u8(data) ?? 0) & 0x02)) return found("WebP", width, height);
  let frames = 0;
  const end = Math.min(b.size, 8 + (b.u32le(4) ?? 0));
  for (let at = 12; at + 8 <= end; ) {
    if (b.ascii(at, 4) === "ANMF") frames++;
    at += 8 + (b.u32le(at + 4) ?? 0) + ((b.u32le(at + 4) ?? 0) & 1);
  }
  return frames > 0 ? found("WebP", width, height, frames) : { problem: "it says it is animated but has no frame" };
}

/** An ISO media box: its type, and where its contents start and end. */
interface Box {
  type: string;
  start: number;
  end: number;
}

function* boxes(b: FileBytes, from: number, to: number): Generator<Box> {
  for (let at = from; at + 8 <= to; ) {
    let size = b.u32be(at) ?? 0;
    const type = b.ascii(at + 4, 4);
    let start = at + 8;
    if (size === 1) {
      const high = b.u32be(at + 8) ?? 0;
      size = high * 2 ** 32 + (b.u32be(at + 12) ?? 0);
      start += 8;
    } else if (size === 0) size = to - at;
    if (size < start - at || at + size > to) return;
    yield { type, start, end: at + size };
    at += size;
  }
}

const child = (b: FileBytes, box: Box, type: string, skip = 0) => [...boxes(b, box.start + skip, box.end)].find((c) => c.type === type);

/**
 * AVIF: the `meta` box's items. The decoder makes a frame of each top-level image
 * (an image item that is not hidden, nor a thumbnail, an auxiliary image such as an
 * alpha plane, or a tile of a grid), each the size its `ispe` property gives; the
 * figure's size is its primary item's.
 */
function avifHeader(b: FileBytes): HeaderResult {
  const top = [...boxes(b, 0, b.size)];
  const ftyp = top[0]?.type === "ftyp" ? top[0] : undefined;
  if (!ftyp || !/avi[fs]/.test(b.ascii(ftyp.start, Math.min(ftyp.end - ftyp.start, 64)))) return { problem: "it does not start with an AVIF file type box" };
  const meta = top.find((box) => box.type === "meta");
  if (!meta) return { problem: "it has no image items (no `meta` box)" };
  const version = (box: Box) => b.u8(box.start) ?? 0;
  const flags = (box: Box) => b.u24be(box.start + 1) ?? 0;
  const pitm = child(b, meta, "pitm", 4);
  const primary = pitm ? (version(pitm) === 0 ? b.u16be(pitm.start + 4) : b.u32be(pitm.start + 4)) : undefined;

  // Items: id → type and whether hidden.
  const items = new Map<number, { type: string; hidden: boolean }>();
  const iinf = child(b, meta, "iinf", 4);
  if (iinf) {
    const skip = version(iinf) === 0 ? 6 : 8;
    for (const infe of boxes(b, iinf.start + skip, iinf.end)) {
      if (infe.type !== "infe" || version(infe) < 2) continue;
      const wide = version(infe) >= 3;
      const id = wide ? b.u32be(infe.start + 4) : b.u16be(infe.start + 4);
      const type = b.ascii(infe.start + (wide ? 10 : 8), 4);
      if (id !== undefined) items.set(id, { type, hidden: (flags(infe) & 1) === 1 });
    }
  }
  // Items that are not top-level images: thumbnails and auxiliary images (they refer to their master), grid tiles (a grid refers to them).
  const notTop = new Set<number>();
  const iref = child(b, meta, "iref", 4);
  if (iref) {
    const size = version(iref) === 0 ? 2 : 4;
    const id = (at: number) => (size === 2 ? b.u16be(at) : b.u32be(at));
    for (const reference of boxes(b, iref.start + 4, iref.end)) {
      const from = id(reference.start);
      const count = b.u16be(reference.start + size) ?? 0;
      if (from === undefined) continue;
      if (reference.type === "thmb" || reference.type === "auxl") notTop.add(from);
      if (reference.type === "dimg") for (let i = 0; i < count; i++) notTop.add(id(reference.start + size + 2 + i * size) ?? -1);
    }
  }
  // Properties: the sizes (ispe) in ipco, by their 1-based index, and which items they belong to (ipma).
  const iprp = child(b, meta, "iprp", 4);
  const ipco = iprp && child(b, iprp, "ipco");
  const ipma = iprp && child(b, iprp, "ipma");
  const sizes = new Map<number, { width: number; height: number }>();
  if (ipco) {
    let index = 0;
    for (const property of boxes(b, ipco.start, ipco.end)) {
      index++;
      if (property.type === "ispe") sizes.set(index, { width: b.u32be(property.start + 4) ?? 0, height: b.u32be(property.start + 8) ?? 0 });
    }
  }
  const sizeOf = new Map<number, { width: number; height: number }>();
  if (ipma) {
    const wideIds = version(ipma) >= 1;
    const wideIndex = (flags(ipma) & 1) === 1;
    const count = b.u32be(ipma.start + 4) ?? 0;
    let at = ipma.start + 8;
    for (let i = 0; i < count && at < ipma.end; i++) {
      const id = wideIds ? b.u32be(at) : b.u16be(at);
      at += wideIds ? 4 : 2;
      const associations = b.u8(at++) ?? 0;
      for (let k = 0; k < associations; k++) {
        const index = wideIndex ? (b.u16be(at) ?? 0) & 0x7fff : (b.u8(at) ?? 0) & 0x7f;
        at += wideIndex ? 2 : 1;
        const size = sizes.get(index);
        if (id !== undefined && size) sizeOf.set(id, size);
      }
    }
  }
  const main = primary !== undefined ? sizeOf.get(primary) : undefined;
  if (!main) return { problem: "its primary image has no size (no `ispe` property)" };
  const IMAGE_ITEMS = new Set(["av01", "grid", "iden", "iovl"]);
  let frames = 0;
  let area = 0;
  for (const [id, item] of items) {
    if (!IMAGE_ITEMS.has(item.type) || item.hidden || notTop.has(id)) continue;
    const size = sizeOf.get(id);
    if (!size) continue;
    frames++;
    area += size.width * size.height;
  }
  return found("AVIF", main.width, main.height, Math.max(frames, 1), Math.max(area, main.width * main.height));
}
