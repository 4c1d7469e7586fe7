// Where the reader is: of elements in page order, the last whose top has passed
// the top third of the screen (what the eye is reading, not what is merely shown).

export function lastInView<T extends Element>(elements: readonly T[]): T | undefined {
  let current: T | undefined;
  for (const element of elements) {
    if (element.getBoundingClientRect().top > innerHeight / 3) break;
    current = element;
  }
  return current;
}

/** Runs `update` once per frame at most, on scroll and resize, and once now. */
export function onScroll(update: () => void): void {
  let queued = false;
  const later = () => {
    if (!queued) {
      queued = true;
      requestAnimationFrame(() => {
        queued = false;
        update();
      });
    }
  };
  addEventListener("scroll", later, { passive: true });
  addEventListener("resize", later);
  update();
}
