// The worker of site/lib/image-service.ts's `encodeAhead`: works out the encodings
// each figure file is asked for (as Astro's getImage does, with the options of
// figure-widths.ts), says which they are, then makes them one after another, each
// posted back as it is done. In a thread of its own, so that it keeps encoding while
// the build's thread is busy bundling and rendering.
import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import { parentPort, workerData } from "node:worker_threads";
import type { AstroConfig, ImageMetadata, ImageTransform, LocalImageService } from "astro";
import sharpService from "astro/assets/services/sharp";
import { imageMetadata } from "astro/assets/utils";
import { FORMATS, figureOptions } from "./figure-widths.ts";

type ImageConfig = AstroConfig["image"];
type Logger = Parameters<LocalImageService["transform"]>[3];

/** What the worker is given. */
export interface EncoderInput {
  files: string[];
  imageConfig: ImageConfig;
}

/** What it posts: the keys it will make, then each result (no data: it failed, Astro's step will say why). */
export type EncoderMessage = { plan: string[] } | { key: string; data?: Uint8Array; format?: string };

/** The input's bytes, as a key. */
export const digestOf = (input: Uint8Array) => createHash("sha256").update(input).digest("base64");

/** What makes two encodings the same file: the input's bytes (digest) and every setting the sharp service reads. */
export const encodingKey = (digest: string, t: Partial<ImageTransform>) => JSON.stringify([digest, t.width, t.height, t.format, t.quality, t.fit, t.position, t.background]);

const quiet = { info() {}, warn() {}, error() {}, debug() {} } as unknown as Logger;

/** The transforms Astro's getImage makes of a figure's image, as site/lib/figures.ts asks for it. */
async function transformsOf(image: ImageMetadata, imageConfig: ImageConfig): Promise<ImageTransform[]> {
  const transforms: ImageTransform[] = [];
  for (const format of FORMATS) {
    // getImage: no width or height asked, so the image's own (astro/dist/assets/internal.js), then the service's checks and srcset.
    const options = await sharpService.validateOptions!({ src: image, format, ...figureOptions(image.width), width: image.width, height: image.height }, imageConfig, quiet);
    for (const { transform } of await sharpService.getSrcSet!(options, imageConfig, quiet)) transforms.push(transform);
  }
  return transforms;
}

async function run({ files, imageConfig }: EncoderInput): Promise<void> {
  const jobs = new Map<string, { input: Buffer; transform: ImageTransform; file: string }>();
  for (const file of files) {
    try {
      const input = await readFile(file);
      const image = { ...(await imageMetadata(input, file)), src: file } as ImageMetadata;
      const digest = digestOf(input);
      for (const transform of await transformsOf(image, imageConfig)) jobs.set(encodingKey(digest, transform), { input, transform, file });
    } catch {
      // Not an image Astro can read: its step says why, if a page shows it.
    }
  }
  parentPort!.postMessage({ plan: [...jobs.keys()] } satisfies EncoderMessage);
  for (const [key, { input, transform, file }] of jobs) {
    try {
      const { data, format } = await sharpService.transform(input, { ...transform, src: file }, imageConfig, quiet);
      parentPort!.postMessage({ key, data, format } satisfies EncoderMessage);
    } catch {
      parentPort!.postMessage({ key } satisfies EncoderMessage);
    }
  }
}

const given = (workerData as { hexlawFigureEncoder?: EncoderInput } | null)?.hexlawFigureEncoder;
if (parentPort && given) void run(given);
