/// <reference types="astro/client" />
// A figure's image through Astro's image pipeline (astro:assets): AVIF and WebP at
// the widths a screen may need, with the original's width and height so the page
// keeps its place before the image arrives. The compiler checks a figure's file
// (compiler/1-read/figure-file.ts); here every image file of the corpus is known to
// Vite through `hexlaw-rules` (astro.config.mjs: the rules/ folder being built).
import type { ImageMetadata } from "astro";
import { getImage } from "astro:assets";
import { join, relative, sep } from "node:path";
import { h } from "../../compiler/markdown/hast.ts";
import type { FigurePicture } from "../../compiler/markdown/remark-figures.ts";
import { root } from "./corpus.ts";
import { FORMATS, figureOptions } from "./figure-widths.ts";

const files = import.meta.glob<{ default: ImageMetadata }>("hexlaw-rules/**/*.{png,jpg,jpeg,gif,webp,avif,PNG,JPG,JPEG,GIF,WEBP,AVIF}");

/** `<picture>`: an AVIF source and a WebP `<img>`, lazy, with width, height and alt. */
export const picture: FigurePicture = async (path, alt) => {
  // Vite names each file by the alias resolved (`/rules/…` inside the project): the shortest name ending in its path in rules/.
  const inRules = `/${relative(join(root, "rules"), path).split(sep).join("/")}`;
  const key = Object.keys(files).filter((name) => name.endsWith(inRules)).sort((a, b) => a.length - b.length)[0];
  const load = key && files[key];
  if (!load) throw new Error(`The figure file ${path} is not among the images of rules/ that Vite knows (${Object.keys(files).length})`);
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
