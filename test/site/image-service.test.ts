/**
 * site/lib/image-service.ts: when the build starts, a worker encodes every figure
 * file as site/lib/figures.ts asks Astro for it, and Astro's encoding step gets
 * exactly what Astro's own sharp service makes of the same bytes, each made once;
 * bytes or settings the worker did not make are encoded afresh.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from "vitest";
import sharpService from "astro/assets/services/sharp";
import { FORMATS, figureOptions } from "../../site/lib/figure-widths.ts";
import { encodeShared } from "../../site/lib/figure-encoder.ts";
import service, { encodeAhead, encodedAhead } from "../../site/lib/image-service.ts";

const dir = mkdtempSync(join(tmpdir(), "hexlaw-image-service-"));
const CONFIG = { service: { entrypoint: "./site/lib/image-service.ts", config: { webp: { effort: 0 }, avif: { effort: 0 } } } } as never;
const logger = { info() {}, warn() {}, error() {}, debug() {} } as never;
const [WIDTH, HEIGHT] = [1000, 600];
let png: Buffer;
const file = join(dir, "figure.png");

beforeAll(async () => {
  png = await sharp({ create: { width: WIDTH, height: HEIGHT, channels: 3, background: { r: 200, g: 120, b: 40 } } }).png().toBuffer();
  writeFileSync(file, png);
  writeFileSync(join(dir, "not-an-image.png"), "no image");
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

// What Astro's getImage asks its service for, given figures.ts's options: each width of the srcset (none wider than
// the image), the height in proportion, in each format (Astro's documented srcset behaviour, worked out here by hand).
const asked = FORMATS.flatMap((format) => figureOptions(WIDTH).widths.map((width) => ({ width, height: Math.round((width * HEIGHT) / WIDTH), format })));

describe("the image service, in a build", () => {
  it("has every encoding a figure is asked for made ahead, each once, with sharp's very bytes", async () => {
    expect(asked.length).toBeGreaterThan(2);
    encodeAhead([file, join(dir, "not-an-image.png")], CONFIG);
    await vi.waitFor(() => expect(encodedAhead().planned).toBe(asked.length), { timeout: 30_000, interval: 20 });
    const encode = vi.spyOn(sharpService, "transform");
    const made = [];
    for (const t of asked) made.push(await service.transform(png, { ...t, src: "/_astro/figure.abc.png" } as never, CONFIG, logger));
    // None encoded on this thread: all were the worker's.
    expect(encode).not.toHaveBeenCalled();
    encode.mockRestore();
    expect(encodedAhead()).toMatchObject({ asked: asked.length, taken: asked.length });
    for (const [i, t] of asked.entries()) {
      const expected = await sharpService.transform(png, { ...t, src: "/_astro/figure.abc.png" } as never, CONFIG, logger);
      expect(Buffer.from(made[i].data).equals(Buffer.from(expected.data)), `${t.format} at ${t.width}`).toBe(true);
    }
  });

  it("encodes afresh what the worker did not make: other bytes, other settings, or the same asked for again", async () => {
    const other = await sharp({ create: { width: WIDTH, height: HEIGHT, channels: 3, background: { r: 10, g: 10, b: 200 } } }).png().toBuffer();
    for (const [input, t] of [[other, asked[0]], [png, { ...asked[0], width: 300, height: 180 }], [png, asked[0]]] as const) {
      const before = encodedAhead();
      const made = await service.transform(input, { ...t, src: "/_astro/figure.abc.png" } as never, CONFIG, logger);
      const expected = await sharpService.transform(input, { ...t, src: "/_astro/figure.abc.png" } as never, CONFIG, logger);
      expect(Buffer.from(made.data).equals(Buffer.from(expected.data))).toBe(true);
      expect(encodedAhead()).toMatchObject({ asked: before.asked + 1, taken: before.taken });
    }
  });
});

describe("a figure's encodings, decoded and resized once for both formats", () => {
  // Pixels that change everywhere (a flat colour would hide a different resize), in each kind of file a figure may be.
  const noise = (channels: 1 | 2 | 3 | 4, width = 640, height = 420) => {
    const data = Buffer.alloc(width * height * channels);
    for (let i = 0; i < data.length; i++) data[i] = (i * 2654435761) >>> 24 ^ (i % width);
    return sharp(data, { raw: { width, height, channels } });
  };
  // Each kind, and whether it takes the shared path (8-bit PNGs without a profile) or Astro's own transform.
  const kinds: [string, () => Promise<Buffer>, boolean][] = [
    ["an RGB PNG", () => noise(3).png().toBuffer(), true],
    ["an RGBA PNG", () => noise(4).png().toBuffer(), true],
    ["a grey PNG", () => noise(1).png().toBuffer(), true],
    ["a grey PNG with alpha", () => noise(2).png().toBuffer(), true],
    ["a palette PNG", () => noise(3).png({ palette: true, colours: 64 }).toBuffer(), true],
    ["a 16-bit PNG", () => noise(3).toColourspace("rgb16").png().toBuffer(), false],
    ["a PNG with a colour profile", () => noise(3).withIccProfile("p3").png().toBuffer(), false],
    ["a JPEG", () => noise(3).jpeg().toBuffer(), false],
    ["a WebP", () => noise(3).webp().toBuffer(), false],
  ];

  it.each(kinds)("%s: every encoding is Astro's own, byte for byte", async (_, make, shares) => {
    const input = await make();
    const { width, height } = await sharp(input).metadata();
    const transforms = FORMATS.flatMap((format) =>
      [...figureOptions(width!).widths, 200].map((w) => ({ src: "/_astro/figure.abc.png", format, width: w, height: Math.round((w * height!) / width!) })),
    );
    const astro = vi.spyOn(sharpService, "transform");
    // Restored however the case ends, so that a failing case does not leave its calls to the next one's count.
    onTestFinished(() => astro.mockRestore());
    const made = [];
    for await (const encoded of encodeShared(input, transforms as never, CONFIG)) made.push(encoded);
    expect(astro).toHaveBeenCalledTimes(shares ? 0 : transforms.length);
    expect(made).toHaveLength(transforms.length);
    for (const [i, t] of transforms.entries()) {
      const expected = await sharpService.transform(input, t as never, CONFIG, logger);
      expect(made[i], `${t.format} at ${t.width}`).not.toBeNull();
      expect(made[i]!.format).toBe(expected.format);
      expect(Buffer.from(made[i]!.data).equals(Buffer.from(expected.data)), `${t.format} at ${t.width}`).toBe(true);
    }
  });

  it("yields null for an encoding that fails, and goes on", async () => {
    const input = await noise(3).png().toBuffer();
    const transforms = [
      { src: "/f.png", format: "webp", width: 0.4, height: 0.2 },
      { src: "/f.png", format: "avif", width: 100, height: 66 },
    ];
    const made = [];
    for await (const encoded of encodeShared(input, transforms as never, CONFIG)) made.push(encoded);
    expect(made).toHaveLength(2);
    expect(made[0]).toBeNull();
    // sharp names AVIF output "heif", and Astro's service passes that on.
    expect(made[1]?.format).toBe((await sharpService.transform(input, transforms[1] as never, CONFIG, logger)).format);
  });
});
