/**
 * site/lib/image-service.ts: in a build, every encoding a page asks for starts
 * while the pages are still being built (one at a time), and Astro's encoding step
 * gets exactly what Astro's own sharp service makes of the same bytes, without
 * encoding anything twice; bytes that are not the ones encoded are encoded afresh.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import sharpService from "astro/assets/services/sharp";

const out = mkdtempSync(join(tmpdir(), "hexlaw-image-service-"));
const CONFIG = { service: { entrypoint: "./site/lib/image-service.ts", config: { webp: { effort: 0 }, avif: { effort: 0 } } } } as never;
const logger = { info() {}, warn() {}, error() {}, debug() {} } as never;
let png: Buffer;

beforeAll(async () => {
  png = await sharp({ create: { width: 600, height: 400, channels: 3, background: { r: 200, g: 120, b: 40 } } }).png().toBuffer();
  mkdirSync(join(out, "_astro"), { recursive: true });
  writeFileSync(join(out, "_astro", "figure.abc.png"), png);
  // What the site is built into, and a build (Astro's emitted images are already there).
  vi.stubEnv("HEXLAW_OUT", out);
  vi.stubEnv("HEXLAW_BASE", "");
  vi.stubEnv("PROD", true);
  // Its URL is Astro's (which needs Astro's runtime); what is tested is the encoding.
  vi.spyOn(sharpService, "getURL").mockReturnValue("/_image");
});

afterAll(() => {
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
  rmSync(out, { recursive: true, force: true });
});

const transforms = [480, 600].flatMap((width) => (["webp", "avif"] as const).map((format) => ({ width, height: (width * 2) / 3, format })));

describe("the image service, in a build", () => {
  it("starts every encoding a page asks for, each once, and gives Astro's step sharp's very bytes", async () => {
    const { default: service } = await import("../../site/lib/image-service.ts");
    const encode = vi.spyOn(sharpService, "transform");
    const src = { src: "/_astro/figure.abc.png", width: 600, height: 400, format: "png" as const };
    for (const t of transforms) await service.getURL({ ...t, src } as never, CONFIG, logger);
    // All of them, one after another, before Astro's step asks for any.
    await vi.waitFor(() => expect(encode).toHaveBeenCalledTimes(transforms.length), { timeout: 30_000, interval: 20 });
    const made = [];
    for (const t of transforms) made.push(await service.transform(png, { ...t, src: src.src } as never, CONFIG, logger));
    expect(encode).toHaveBeenCalledTimes(transforms.length);
    encode.mockRestore();
    for (const [i, t] of transforms.entries()) {
      const expected = await sharpService.transform(png, { ...t, src: src.src } as never, CONFIG, logger);
      expect(Buffer.from(made[i].data).equals(Buffer.from(expected.data)), `${t.format} at ${t.width}`).toBe(true);
    }
  });

  it("encodes other bytes than the file it started from afresh", async () => {
    const { default: service } = await import("../../site/lib/image-service.ts");
    const src = { src: "/_astro/figure.abc.png", width: 600, height: 400, format: "png" as const };
    const t = { width: 300, height: 200, format: "webp" as const };
    await service.getURL({ ...t, src } as never, CONFIG, logger);
    const other = await sharp({ create: { width: 600, height: 400, channels: 3, background: { r: 10, g: 10, b: 200 } } }).png().toBuffer();
    const made = await service.transform(other, { ...t, src: src.src } as never, CONFIG, logger);
    const expected = await sharpService.transform(other, { ...t, src: src.src } as never, CONFIG, logger);
    expect(Buffer.from(made.data).equals(Buffer.from(expected.data))).toBe(true);
  });
});
