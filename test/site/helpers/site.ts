// The built site, served on loopback for end-to-end tests, and a real Chromium
// (Debian's /usr/bin/chromium) driven by playwright-core. No browser downloads.
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { chromium, type Browser, type Page } from "playwright-core";
import { serve } from "../../../site/serve.ts";

export const root = join(import.meta.dirname, "..", "..", "..");
export const dist = join(root, "dist");

/** Every file under a folder, at any depth; only those whose name ends with `ending`, if given. */
export function filesUnder(dir: string, ending = ""): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true }).filter((e) => e.isFile() && e.name.endsWith(ending)).map((e) => join(e.parentPath, e.name));
}

/** Builds the site once if there is no build yet (CI builds it before `npm test`). */
export function ensureBuilt(): void {
  if (existsSync(join(dist, "index.html")) && existsSync(join(dist, "pagefind", "pagefind.js"))) return;
  execFileSync("npm", ["run", "build"], { cwd: root, stdio: "inherit", timeout: 10 * 60_000 });
}

export async function startServer(): Promise<{ url: string; close(): Promise<void> }> {
  ensureBuilt();
  const server = await serve(dist, 0);
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise((done) => server.close(() => done())),
  };
}

export const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export async function launch(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) throw new Error(`Chromium is not installed at ${CHROMIUM}: apt-get install -y chromium`);
  return chromium.launch({
    executablePath: CHROMIUM,
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
  });
}

/** The two screens every point of the site is tried on: a phone in portrait and a laptop. */
export const SCREENS = [
  { name: "phone", width: 390, height: 844, touch: true },
  { name: "desktop", width: 1366, height: 900, touch: false },
] as const;

export type Screen = (typeof SCREENS)[number];

/** A page that records console errors and uncaught exceptions. */
export async function openPage(
  browser: Browser,
  options: { width?: number; height?: number; touch?: boolean; javaScript?: boolean } = {},
): Promise<{ page: Page; errors: string[] }> {
  const context = await browser.newContext({
    viewport: { width: options.width ?? 1280, height: options.height ?? 900 },
    hasTouch: options.touch ?? false,
    isMobile: options.touch ?? false,
    javaScriptEnabled: options.javaScript ?? true,
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(`uncaught: ${error.message}`));
  return { page, errors };
}
