/**
 * A figure's file is checked by its header before anything decodes it: the format
 * its bytes say (not only its extension), its width × height × frames against the
 * pixel budget, its size against the byte budget (from the file system, before it is
 * opened). Real images of every format (made by sharp, as the site's pipeline reads
 * them) give the size sharp gives; hostile ones written by hand are refused having
 * read a few bytes of them.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { FIGURE_LIMITS, figureFile } from "../../../compiler/1-read/figure-file.ts";
import { readImageHeader, type ImageFormat } from "../../../compiler/1-read/image-header.ts";
import { compile } from "../../../compiler/compile.ts";
import { avifBrandThen, gif, png } from "../../support/images.ts";
import { bytesRead, documentCorpus, frontMatter, removeTemp, sparseFile, tempDir } from "../../support/repo.ts";

const dir = tempDir("hexlaw-figure-");
afterAll(() => removeTemp(dir));

function file(name: string, bytes: Uint8Array): string {
  const path = join(dir, name);
  writeFileSync(path, bytes);
  return path;
}

const header = (path: string, format: ImageFormat, size: number) => readImageHeader(path, size, format);

describe("the header of every format a figure may be, as sharp reads it", async () => {
  const [width, height] = [37, 23];
  const still = sharp({ create: { width, height, channels: 4, background: { r: 200, g: 10, b: 10, alpha: 0.5 } } });
  const frame = (colour: string) => sharp({ create: { width, height, channels: 4, background: colour } }).png().toBuffer();
  const frames = await Promise.all(["#f00", "#0f0", "#00f"].map(frame));
  const animated = () => sharp(frames, { join: { animated: true } });
  const cases: [string, ImageFormat, Buffer][] = [
    ["PNG", "PNG", await still.clone().png().toBuffer()],
    ["baseline JPEG", "JPEG", await still.clone().jpeg().toBuffer()],
    ["progressive JPEG with a large metadata segment first", "JPEG", await still.clone().jpeg({ progressive: true }).withIccProfile("p3").toBuffer()],
    ["GIF", "GIF", await still.clone().gif().toBuffer()],
    ["animated GIF", "GIF", await animated().gif().toBuffer()],
    ["lossy WebP", "WebP", await still.clone().webp().toBuffer()],
    ["lossless WebP", "WebP", await still.clone().webp({ lossless: true }).toBuffer()],
    ["animated WebP", "WebP", await animated().webp().toBuffer()],
    ["AVIF with an alpha plane", "AVIF", await still.clone().avif().toBuffer()],
    ["AVIF", "AVIF", await sharp({ create: { width, height, channels: 3, background: "#0a0" } }).avif().toBuffer()],
  ];

  it.each(cases)("%s", async (name, format, bytes) => {
    const path = file(`${name.replace(/\W+/g, "-")}.img`, bytes);
    const meta = await sharp(bytes, { pages: -1 }).metadata();
    const pages = meta.pages ?? 1;
    const result = header(path, format, bytes.length);
    expect(result.problem).toBeUndefined();
    // What sharp decodes with `pages: -1`, as the site's encoder does: every frame.
    expect(result.header).toMatchObject({ format, width: meta.width, height: meta.pageHeight ?? meta.height, frames: pages });
    expect(result.header!.pixels).toBe(meta.width * meta.height);
  });
});

describe("hostile images are refused having read only their header", () => {
  it("a 16000 × 16000 PNG with 249 KB of data is 256 megapixels, over the budget, and read no further than its header", () => {
    const path = file("bomb.png", png(16000, 16000, { depth: 8, colour: 0, data: new Uint8Array(249 * 1024).fill(7) }));
    const result = header(path, "PNG", 249 * 1024 + 57);
    expect(result.header).toMatchObject({ width: 16000, height: 16000, pixels: 256_000_000 });
    expect(result.read).toBeLessThanOrEqual(16 * 1024);
    const checked = figureFile(join(dir, "chapter.md"), "bomb.png");
    expect(checked).toMatchObject({ tooLarge: true });
    expect(checked.problem).toContain("256 megapixels");
  });

  it("a 1-bit PNG of 31 KB that says 16000 × 16000 is refused too: pixels, not bytes, are what a decoder makes", () => {
    file("one-bit.png", png(16000, 16000, { depth: 1, colour: 0, data: new Uint8Array(31 * 1024) }));
    expect(figureFile(join(dir, "chapter.md"), "one-bit.png")).toMatchObject({ tooLarge: true });
  });

  it("a 50000 × 50000 PNG is over the side WebP can hold (and the pixels)", () => {
    file("wide.png", png(50000, 50000));
    expect(figureFile(join(dir, "chapter.md"), "wide.png").problem).toContain("more than the 16383 on a side");
  });

  it("a GIF of a thousand small frames counts them all", () => {
    const path = file("frames.gif", gif(200, 200, 1000));
    const result = header(path, "GIF", gif(200, 200, 1000).length);
    expect(result.header).toMatchObject({ width: 200, height: 200, frames: 1000, pixels: 40_000_000 });
    file("more-frames.gif", gif(200, 200, 1001));
    expect(figureFile(join(dir, "chapter.md"), "more-frames.gif").problem).toContain("in 1001 frames");
  });

  it("a file over the byte budget is refused by its size, unread", () => {
    const path = join(dir, "huge.png");
    sparseFile(path, FIGURE_LIMITS.bytes + 1);
    const { value, read } = bytesRead(() => figureFile(join(dir, "chapter.md"), "huge.png"));
    expect(value).toMatchObject({ tooLarge: true });
    expect(value.problem).toContain(`${FIGURE_LIMITS.bytes + 1} bytes`);
    if (read !== null) expect(read).toBeLessThan(4096);
  });

  it.each([
    ["an SVG after an AVIF brand", "svg.avif", avifBrandThen('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), "it has no image items"],
    ["text after a PNG signature", "text.png", Buffer.concat([png(1, 1).subarray(0, 8), Buffer.from("not an image")]), "its first chunk is not the image header"],
    ["a JPEG without a frame header", "cut.jpg", Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x04, 0x00, 0x00, 0xff, 0xda]), "no frame header before its image data"],
    ["a WebP of an unknown chunk", "odd.webp", Buffer.concat([Buffer.from("RIFF\x10\x00\x00\x00WEBPVP8Z", "latin1"), Buffer.alloc(8)]), "not VP8, VP8L or VP8X"],
    ["a GIF without a frame", "empty.gif", gif(10, 10, 0), "it has no frame"],
  ])("%s is not an image of its format (HX0021)", (_, name, bytes, reason) => {
    file(name, bytes);
    const checked = figureFile(join(dir, "chapter.md"), name);
    expect(checked.tooLarge).toBeUndefined();
    expect(checked.problem).toContain(reason);
  });
});

describe("in a document", () => {
  it("a bomb is a coded error at its place at check time (HX0022), and its file is read no further than its header", async () => {
    const text = `${frontMatter()}\n# 1.0 Test\n\n**1.1** Units move.\n\n::figure[A map]{src="figures/map.png"}\n`;
    const { root } = documentCorpus(text);
    mkdirSync(join(root, "rules/t/1/figures"));
    writeFileSync(join(root, "rules/t/1/figures/map.png"), png(16000, 16000, { data: new Uint8Array(512 * 1024).fill(1) }));
    const result = await compile({ root });
    removeTemp(root);
    expect(result.diagnostics.map((d) => [d.code, d.place?.start.line])).toEqual([["HX0022", text.split("\n").indexOf('::figure[A map]{src="figures/map.png"}') + 1]]);
  });
});
