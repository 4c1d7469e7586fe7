import type { Element } from "hast";
import type { Root } from "mdast";
import { toString } from "mdast-util-to-string";
import type { VFile } from "vfile";
import { figureFile } from "../1-read/figure-file.ts";
import { h, mdastElement } from "./hast.ts";

/**
 * Makes the image of a figure: given the checked path of its file and its alt text,
 * the `<img>` (or `<picture>`) element. The site gives one that runs the file
 * through Astro's image pipeline; without one, a figure's file is not shown.
 */
export type FigurePicture = (path: string, alt: string) => Promise<Element>;

export interface FigureOptions {
  picture?: FigurePicture;
}

/**
 * `::figure[Caption]{src=…}`: an illustration of the source. With a `src` whose file
 * passes the checks of figureFile (inside the edition's folder, an image) and a
 * picture maker, the image captioned, with the caption as its alt text; otherwise a
 * note that the illustration is not reproduced (what `::figure` without `src` means).
 */
export default function remarkFigures(options: FigureOptions = {}) {
  return async (tree: Root, file: VFile) => {
    const documentPath = file.path ?? "";
    const children = await Promise.all(
      tree.children.map(async (node) => {
        if (node.type !== "leafDirective" || node.name !== "figure") return node;
        const directive = node;
        const caption = toString(directive).trim() || "Illustration";
        const src = directive.attributes?.src ?? "";
        const found = src && documentPath && options.picture ? figureFile(documentPath, src) : null;
        const figure = found?.path
          ? h("figure", { className: ["figure"] }, [await options.picture!(found.path, caption), h("figcaption", {}, [caption])])
          : h("figure", { className: ["figure-note"] }, [h("figcaption", {}, [h("span", { className: ["label"] }, ["Illustration not reproduced: "]), caption, src ? h("span", { className: ["file"] }, [` (${src})`]) : null])]);
        return mdastElement(figure);
      }),
    );
    tree.children = children;
  };
}
