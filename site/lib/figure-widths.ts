// The widths a figure's image is offered at (site/lib/figures.ts makes them).

/** The widest a figure is shown: the chapter's column (`--measure`, 44rem, in site/styles/global.css). */
export const COLUMN = 704;

/** Steps for phones and laptops at 1×, 2× and 3× density. */
const STEPS = [480, 960, 1440];

/**
 * The widths offered for an image `width` pixels wide: each step at most four fifths
 * of it, and itself (never enlarged). A step closer to the image's own width would
 * be a file hardly smaller than the image's, at the cost of encoding it in each
 * format on every build (a 1,000-pixel image was also encoded at 960).
 */
export function widthsFor(width: number): number[] {
  return [...STEPS.filter((step) => step <= width * 0.8), width];
}
