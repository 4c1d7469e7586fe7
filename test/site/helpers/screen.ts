// What the reader sees, as the tests ask it: whether something is on screen, and a tap
// or a click as the screen's reader would make it.
import type { Locator, Page } from "playwright-core";
import type { Screen } from "./site.ts";

/** Whether all of an element is inside the viewport, as the reader sees it now. */
export async function onScreen(locator: Locator, page: Page): Promise<boolean> {
  const box = await locator.boundingBox();
  const { height, width } = page.viewportSize()!;
  return box !== null && box.y >= 0 && box.y + box.height <= height + 0.5 && box.x >= 0 && box.x + box.width <= width + 0.5;
}

/** Taps or clicks, as the screen's reader would, with the target in the middle of the screen. */
export async function press(locator: Locator, screen: Screen): Promise<void> {
  await locator.evaluate((e) => e.scrollIntoView({ block: "center" }));
  if (screen.touch) await locator.tap();
  else await locator.click();
}

/** Lets the page handle what the last scroll or input caused (one frame). */
export const nextFrame = (page: Page) => page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
