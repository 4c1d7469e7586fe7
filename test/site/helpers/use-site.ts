// For a test file: the built site served on loopback and a Chromium, for its tests.
import type { Browser } from "playwright-core";
import { afterAll, beforeAll } from "vitest";
import { launch, startServer } from "./site.ts";

/**
 * The built site served on loopback and a Chromium for the tests of one file:
 * started before them, closed after them.
 */
export function useSite(): { readonly url: string; readonly browser: Browser } {
  let server: { url: string; close(): Promise<void> } | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    server = await startServer();
    browser = await launch();
  }, 600_000);
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });
  return {
    get url() {
      return server!.url;
    },
    get browser() {
      return browser!;
    },
  };
}
