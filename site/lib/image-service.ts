// Astro's sharp image service, with the figures' encodings started while the pages
// are still being built. Astro builds every page first (one core: rendering is
// JavaScript) and only then encodes the images the pages asked for (sharp, on the
// other); here each encoding starts as soon as a page asks for its URL, one at a
// time beside the pages, and Astro's encoding step takes the result (or starts it
// at once if it is still waiting its turn). The same sharp call on the same bytes:
// the files are the same, only sooner.
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import type { AstroConfig, ImageTransform, LocalImageService } from "astro";
import sharpService from "astro/assets/services/sharp";
import { base, outDir } from "./base.ts";

type ImageConfig = AstroConfig["image"];
type Encoded = Awaited<ReturnType<LocalImageService["transform"]>>;

/** What makes two requests the same file (Astro's own file name hashes these). */
const keyOf = (src: string, t: ImageTransform) => JSON.stringify([src, t.width, t.height, t.format, t.quality, t.fit, t.position, t.background]);

interface Job {
  file: string;
  run: (input: Buffer) => Promise<Encoded>;
  input?: Buffer;
  result?: Promise<Encoded>;
}

const jobs = new Map<string, Job>();
const waiting: Job[] = [];
let busy = false;

function start(job: Job): Promise<Encoded> {
  job.result ??= readFile(job.file).then((input) => job.run((job.input = input)));
  return job.result;
}

/** Runs the waiting encodings one after another (rendering has the other core). */
function next(): void {
  if (busy) return;
  const job = waiting.shift();
  if (!job) return;
  if (job.result) return next();
  busy = true;
  start(job)
    .catch(() => undefined)
    .finally(() => {
      busy = false;
      next();
    });
}

/** An image the build emitted (`/_astro/…`, under the base) as its file in the built site. */
function builtFile(src: string): string | null {
  if (!src.startsWith(base)) return null;
  return join(outDir, "/", src.slice(base.length));
}

const service: LocalImageService = {
  ...sharpService,
  async getURL(options, imageConfig, logger) {
    const url = await sharpService.getURL(options, imageConfig, logger);
    // In a build, an imported image's `src` is its emitted file, already written.
    const src = typeof options.src === "object" ? options.src.src : null;
    const file = src && import.meta.env.PROD ? builtFile(src) : null;
    if (src && file) {
      const key = keyOf(src, options);
      if (!jobs.has(key)) {
        const job: Job = { file, run: (input) => sharpService.transform(input, { ...options, src }, imageConfig as ImageConfig, logger) };
        jobs.set(key, job);
        waiting.push(job);
        next();
      }
    }
    return url;
  },
  async transform(inputBuffer, transform, imageConfig, logger) {
    const key = keyOf(String(transform.src), transform);
    const job = jobs.get(key);
    jobs.delete(key);
    const encoded = job && (await start(job).catch(() => null));
    // Only an encoding of these very bytes is this one.
    if (encoded && job.input?.equals(inputBuffer)) return encoded;
    return sharpService.transform(inputBuffer, transform, imageConfig, logger);
  },
};

export default service;
