// What a figure's image is offered as: formats, widths and the `sizes` attribute.
// site/lib/figures.ts asks Astro's pipeline for these, and the image service starts
// the same encodings when the build starts (site/lib/image-service.ts).

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

/** The formats, best first: an AVIF `<source>`, then WebP in the `<img>`. */
export const FORMATS = ["avif", "webp"] as const;

/** What `getImage` is asked for an image `width` pixels wide, in each format. */
export function figureOptions(width: number): { widths: number[]; sizes: string } {
  const shown = Math.min(width, COLUMN);
  return { widths: widthsFor(width), sizes: `(max-width: ${shown}px) 100vw, ${shown}px` };
}
