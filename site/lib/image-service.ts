// Astro's sharp image service, with the figures' encodings started when the build
// starts. Astro encodes the images the pages asked for only after it has built every
// page, and the build waited for them with a core idle. Here the build's first step
// (site/integration.ts) hands every figure file of rules/ to `encodeAhead`: a worker
// thread (figure-encoder.ts) works out the encodings each figure is asked for, as
// Astro's getImage does, and makes them one after another while Astro loads, bundles
// and renders on its own thread. Astro's encoding step then takes the one made of the
// same bytes with the same settings (waiting for it if it is being made), or encodes
// afresh when there is none: the same sharp call on the same bytes, so the files are
// the same, only sooner.
// The integration (Node) and the build's bundled copy of this module share the
// encodings through one global.
import type { AstroConfig, LocalImageService } from "astro";
import sharpService from "astro/assets/services/sharp";
import { digestOf, encodingKey, type EncoderInput, type EncoderMessage } from "./figure-encoder.ts";
import { Settlements, shared, workAhead } from "./work-ahead.ts";

type ImageConfig = AstroConfig["image"];
type Encoded = Awaited<ReturnType<LocalImageService["transform"]>>;

interface Ahead {
  /** Encodings the worker makes or has made, by `encodingKey`; each is taken once. */
  ready: Map<string, Promise<Encoded | null>>;
  /** Encodings the worker said it would make; Astro asked for how many, and took how many of them from it. */
  planned: number;
  asked: number;
  taken: number;
}

const ahead = () => shared<Ahead>("figure-encodings", () => ({ ready: new Map(), planned: 0, asked: 0, taken: 0 }));

/**
 * Starts encoding these figure files in a worker thread. Whatever it cannot make
 * (a file that is no image, a worker that fails) is left to Astro's step, which
 * encodes it afresh or reports why it cannot.
 */
export function encodeAhead(files: readonly string[], imageConfig: ImageConfig): void {
  const state = ahead();
  const encoded = new Settlements<Encoded>();
  const input: EncoderInput = { files: [...files], imageConfig: JSON.parse(JSON.stringify(imageConfig)) };
  workAhead(new URL("./figure-encoder.ts", import.meta.url), { hexlawFigureEncoder: input }, encoded, (message: EncoderMessage) => {
    if ("plan" in message) {
      for (const key of message.plan) state.ready.set(key, encoded.expect(key));
      state.planned += message.plan.length;
    } else {
      encoded.settle(message.key, message.data ? ({ data: message.data, format: message.format } as Encoded) : null);
    }
  });
}

/** How many encodings the worker planned, Astro asked for, and Astro took from the worker. */
export function encodedAhead(): { planned: number; asked: number; taken: number } {
  const { planned, asked, taken } = ahead();
  return { planned, asked, taken };
}

const service: LocalImageService = {
  ...sharpService,
  async transform(inputBuffer, transform, imageConfig, logger) {
    const state = ahead();
    state.asked++;
    const key = encodingKey(digestOf(inputBuffer), transform);
    const made = state.ready.get(key);
    state.ready.delete(key);
    const encoded = made && (await made);
    if (encoded) {
      state.taken++;
      return encoded;
    }
    return sharpService.transform(inputBuffer, transform, imageConfig, logger);
  },
};

export default service;
