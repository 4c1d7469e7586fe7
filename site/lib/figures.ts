/// <reference types="astro/client" />
// A figure's image through Astro's image pipeline (astro:assets): AVIF and WebP at
// the widths a screen may need, with the original's width and height so the page
// keeps its place before the image arrives. The compiler checks a figure's file
// (compiler/1-read/figure-file.ts); Vite knows the files figures show, and only
// those, from the rule indexes (site/lib/corpus-files.ts: FIGURE_MODULES).
import type { ImageMetadata } from "astro";
import { getImage } from "astro:assets";
import figureModules from "virtual:hexlaw-figures";
import { h } from "../../compiler/markdown/hast.ts";
import type { FigurePicture } from "../../compiler/markdown/remark-figures.ts";
import { FORMATS, figureOptions } from "./figure-widths.ts";

/** `<picture>`: an AVIF source and a WebP `<img>`, lazy, with width, height and alt. */
export const picture: FigurePicture = async (path, alt) => {
  // By its real path, as figureFile gives it.
  const load = Object.hasOwn(figureModules, path) ? figureModules[path] : undefined;
  if (!load) throw new Error(`The figure file ${path} is not among the figure files of the rule indexes (${Object.keys(figureModules).length}): is generated/ up to date?`);
  const image = (await load()).default;
  // Its size read from a copy: reading the imported image itself would make Astro keep the original file in the site.
  const { width, height } = (image as ImageMetadata & { clone: ImageMetadata }).clone;
  const { widths, sizes } = figureOptions(width);
  const [avif, webp] = await Promise.all(FORMATS.map((format) => getImage({ src: image, format, widths, sizes })));
  return h("picture", {}, [
    h("source", { type: "image/avif", srcSet: avif.srcSet.attribute, sizes }),
    h("img", { src: webp.src, srcSet: webp.srcSet.attribute, sizes, width, height, alt, loading: "lazy", decoding: "async" }),
  ]);
};
