// The rulebook site. It only wires: rule documents are rendered by the compiler's
// own remark/rehype plugins (compiler/markdown/, run by site/lib/render-chapter.ts;
// the site has no Markdown pages of Astro's own), data comes from generated/.
// Where it is served comes from the environment (site/lib/base.ts): HEXLAW_SITE
// (its public URL), HEXLAW_BASE (a sub-path such as /hexlaw/) and HEXLAW_OUT.
import { fileURLToPath } from "node:url";
import { base, outDir, site } from "./site/lib/base.ts";
import { hexlaw } from "./site/integration.ts";
import { compilerExternal } from "./site/compiler-external.ts";
import { figureModules } from "./site/lib/corpus-files.ts";
import { FIGURE_LIMITS } from "./compiler/1-read/figure-file.ts";

const root = fileURLToPath(new URL(".", import.meta.url));
// The corpus being built (site/lib/corpus.ts).
const corpusRoot = process.env.HEXLAW_ROOT ?? process.cwd();

// A plain object, typed for editors: `defineConfig` (astro/config) only returns it, and
// importing it loads Astro's SVG optimizer and its CSS tools (~280 modules) before the build.
/** @type {import("astro").AstroUserConfig} */
export default {
  srcDir: "./site",
  publicDir: "./site/public",
  outDir,
  site,
  base,
  trailingSlash: "ignore",
  // Styles: the frame's few (frame.css) inlined in every head, so the first paint needs only the
  // HTML; the rest is one file for every page (cached after the first, precached for offline),
  // linked after the breadcrumbs by Base.astro. Nothing else is inlined.
  build: { format: "directory", inlineStylesheets: "never" },
  devToolbar: { enabled: false },
  prefetch: false,
  // Figures encoded from the start, compile before, search index and offline worker after: `npm run build` is this one build.
  integrations: [hexlaw()],
  // Figures become AVIF and WebP (site/lib/figures.ts) at sharp's default quality. Effort
  // only trades file size for encoding time: at effort 0 the book's 73 images of each format
  // encode ~5× faster than at effort 2 (AVIF) and 4 (WebP), for files ~15% larger; the
  // encoded files are cached in node_modules/.astro for the next build. AVIF's colour at half
  // resolution (4:2:0), as lossy WebP always has it: 12% less encoding, files no larger.
  // The service is Astro's sharp service, whose encodings a worker thread makes from the build's start (site/lib/image-service.ts).
  // The compiler refuses a figure of more pixels (HX0022) before anything decodes it; sharp's own limit is the same, in case.
  image: { service: { entrypoint: "./site/lib/image-service.ts", config: { avif: { effort: 0, chromaSubsampling: "4:2:0" }, webp: { effort: 0 }, limitInputPixels: FIGURE_LIMITS.pixels } } },
  server: { host: "127.0.0.1", port: 4321 },
  vite: {
    // The pages import the compiler's modules as the integration loaded them, not bundled again,
    // and the images of the figures the rule indexes name (no other file of rules/).
    plugins: [compilerExternal(), figureModules()],
    // Stylesheets bundled, prefixed and minified by Lightning CSS alone, not PostCSS first: the
    // site's build spent ~0.1 s of its thread loading and running PostCSS for three files.
    css: { transformer: "lightningcss" },
    build: { assetsInlineLimit: 0 },
    server: { fs: { allow: [root, corpusRoot] } },
  },
};
