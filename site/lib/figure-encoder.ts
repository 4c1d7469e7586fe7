// The worker of site/lib/image-service.ts's `encodeAhead`: works out the encodings
// each figure file is asked for (as Astro's getImage does, with the options of
// figure-widths.ts), says which they are, then makes them one after another, each
// posted back as it is done. In a thread of its own, so that it keeps encoding while
// the build's thread is busy bundling and rendering. A figure is decoded once and
// resized once per width for both formats (`encodeShared`), which Astro's service
// does for each encoding: the same operations in the same order, so the same bytes.
import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import { parentPort, workerData } from "node:worker_threads";
import type { AstroConfig, ImageMetadata, ImageTransform, LocalImageService } from "astro";
import sharpService, { resolveSharpEncoderOptions } from "astro/assets/services/sharp";
import sharp, { type AvifOptions, type KernelEnum, type OutputInfo, type WebpOptions } from "sharp";
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

type Encoded = Awaited<ReturnType<LocalImageService["transform"]>>;
type Raw = { data: Buffer; info: OutputInfo };
/** An encoding as Astro's service is asked for it: of a file. */
type FileTransform = Parameters<LocalImageService["transform"]>[1];

/**
 * What Astro's sharp service makes of `input` for each of `transforms`: for a figure
 * it can share work for (see `sharable`), the image is decoded once and resized once
 * per size, then encoded in each format, with the options and steps of Astro's
 * `transform` (astro/assets/services/sharp); for anything else, Astro's `transform`
 * itself, once per encoding. A null is an encoding that failed.
 */
export async function* encodeShared(input: Buffer, transforms: readonly FileTransform[], imageConfig: ImageConfig): AsyncGenerator<Encoded | null> {
  const config = (imageConfig.service.config ?? {}) as { kernel?: keyof KernelEnum; limitInputPixels?: number | boolean };
  let decoded: Promise<Raw> | undefined;
  const sizes = new Map<string, Promise<Raw>>();
  const shared = await sharable(input);
  for (const transform of transforms) {
    try {
      if (!shared || !isSharable(transform)) {
        yield await sharpService.transform(input, transform, imageConfig, quiet);
        continue;
      }
      decoded ??= sharp(input, { failOn: "none", pages: -1, limitInputPixels: config.limitInputPixels }).rotate().raw().toBuffer({ resolveWithObject: true });
      const size = `${transform.width}x${transform.height}`;
      let resized = sizes.get(size);
      if (!resized) {
        const { data, info } = await decoded;
        resized = sharp(data, { raw: rawOf(info) })
          .resize({ width: Math.round(transform.width!), height: Math.round(transform.height!), kernel: config.kernel, withoutEnlargement: true })
          .raw()
          .toBuffer({ resolveWithObject: true });
        sizes.set(size, resized);
      }
      const { data, info } = await resized;
      const options = resolveSharpEncoderOptions({ format: transform.format }, "png", imageConfig.service.config);
      const format = transform.format as "avif" | "webp";
      const encoded = await sharp(data, { raw: rawOf(info) })[format](options as AvifOptions & WebpOptions).toBuffer({ resolveWithObject: true });
      yield { data: new Uint8Array(encoded.data), format: encoded.info.format };
    } catch {
      yield null;
    }
  }
}

const rawOf = (info: OutputInfo) => ({ width: info.width, height: info.height, channels: info.channels as 1 | 2 | 3 | 4 });

/**
 * An input whose decoded pixels resize as the file does: an 8-bit PNG without a
 * colour profile. (A JPEG's decoder shrinks as it loads, a profile converts colours
 * after the resize, other depths convert before it: those go through Astro's
 * `transform`, each encoding on its own.)
 */
async function sharable(input: Buffer): Promise<boolean> {
  try {
    const meta = await sharp(input).metadata();
    return meta.format === "png" && meta.depth === "uchar" && !meta.icc && (meta.pages ?? 1) === 1;
  } catch {
    return false;
  }
}

/**
 * An encoding that takes the shared path: a figure's, as figures.ts asks for it (a
 * width and height, AVIF or WebP, and nothing else: no fit, position, background or
 * quality of its own); any other goes through Astro's `transform`.
 */
const isSharable = (t: FileTransform) =>
  !!t.width && !!t.height && (t.format === "avif" || t.format === "webp") && t.fit === undefined && t.position === undefined && t.background === undefined && t.quality === undefined;

async function run({ files, imageConfig }: EncoderInput): Promise<void> {
  const figures: { input: Buffer; keys: string[]; transforms: FileTransform[] }[] = [];
  const planned = new Set<string>();
  for (const file of files) {
    try {
      const input = await readFile(file);
      const image = { ...(await imageMetadata(input, file)), src: file } as ImageMetadata;
      const digest = digestOf(input);
      const figure = { input, keys: [] as string[], transforms: [] as FileTransform[] };
      for (const transform of await transformsOf(image, imageConfig)) {
        const key = encodingKey(digest, transform);
        if (planned.has(key)) continue;
        planned.add(key);
        figure.keys.push(key);
        figure.transforms.push({ ...transform, src: file });
      }
      figures.push(figure);
    } catch {
      // Not an image Astro can read: its step says why, if a page shows it.
    }
  }
  parentPort!.postMessage({ plan: [...planned] } satisfies EncoderMessage);
  for (const { input, keys, transforms } of figures) {
    let i = 0;
    for await (const encoded of encodeShared(input, transforms, imageConfig)) {
      const key = keys[i++];
      parentPort!.postMessage((encoded ? { key, data: encoded.data, format: encoded.format } : { key }) satisfies EncoderMessage);
    }
  }
}

const given = (workerData as { hexlawFigureEncoder?: EncoderInput } | null)?.hexlawFigureEncoder;
if (parentPort && given) void run(given);
