// The Astro integration a rulebook repository adds to its astro.config.mjs, as it
// would add Starlight: `import hexlaw from "hexlaw/astro"` (site/astro.mjs), then
// `integrations: [hexlaw({ title: "Club rules" })]`. The repository holds rules/; the
// pages, layouts and components are this package's (site/pages/, each injected as a
// route), and so is the build (site/integration.ts: compile, search index, figures,
// offline worker). This repository's own astro.config.mjs uses it the same way.
//
// The options are checked here and handed on through the environment (HEXLAW_ROOT,
// HEXLAW_BASE, HEXLAW_SITE, HEXLAW_TITLE), which the site's modules read when first
// loaded: so nothing that reads them is loaded before the options are set.
import { readdirSync } from "node:fs";
import { join, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import type { AstroConfig, AstroIntegration } from "astro";
import { normalizeBase, siteTitle, siteUrl } from "./lib/settings.ts";

/** What `hexlaw(options)` takes; each is optional. */
export interface HexlawOptions {
  /** The folder that holds rules/, where generated/ is written: the Astro project's own folder by default (relative to it). */
  root?: string;
  /** The site's name, in every page's title and header: "Hexlaw" by default. */
  title?: string;
  /** The path the site is served under ("/rules/"): Astro's `base` by default. */
  base?: string;
  /** The site's public URL ("https://club.example"): Astro's `site` by default. */
  site?: string;
}

const OPTIONS = ["root", "title", "base", "site"] as const;

/** This package's folder, and its pages. */
const PACKAGE = fileURLToPath(new URL("..", import.meta.url));
const PAGES = fileURLToPath(new URL("./pages/", import.meta.url));

/** A clear one-line message for a mistaken option (Astro prints it with no stack). */
class OptionError extends Error {
  constructor(message: string) {
    super(`hexlaw(): ${message}`);
    this.stack = this.message;
  }
}

/** The options as given, checked for their names and types: a mistake is named before anything is built. */
export function checkOptions(options: unknown): HexlawOptions {
  if (options === undefined) return {};
  if (options === null || typeof options !== "object" || Array.isArray(options)) throw new OptionError(`takes an object of options (${OPTIONS.join(", ")}), not ${JSON.stringify(options)}`);
  for (const [name, value] of Object.entries(options)) {
    if (!(OPTIONS as readonly string[]).includes(name)) throw new OptionError(`unknown option ${JSON.stringify(name)}; the options are ${OPTIONS.join(", ")}`);
    if (value !== undefined && typeof value !== "string") throw new OptionError(`the option ${name} must be a string, not ${JSON.stringify(value)}`);
  }
  return options as HexlawOptions;
}

/** The settings a build uses: each option, else its environment variable, else Astro's own setting; each checked. */
export function settingsOf(options: HexlawOptions, config: Pick<AstroConfig, "root" | "base" | "site">, env: NodeJS.ProcessEnv = process.env) {
  const project = fileURLToPath(config.root);
  const checked = <T>(read: () => T): T => {
    try {
      return read();
    } catch (error) {
      throw new OptionError((error as Error).message);
    }
  };
  return {
    root: resolve(project, options.root ?? env.HEXLAW_ROOT ?? "."),
    base: checked(() => (options.base !== undefined ? normalizeBase(options.base, "the option base") : normalizeBase(env.HEXLAW_BASE ?? config.base))),
    site: checked(() => (options.site !== undefined ? siteUrl(options.site, "the option site") : siteUrl(env.HEXLAW_SITE ?? config.site))),
    title: checked(() => (options.title !== undefined ? siteTitle(options.title, "the option title") : siteTitle(env.HEXLAW_TITLE))),
  };
}

/** Every page of site/pages/ as the route Astro would have made of it: `[ruleset]/[edition]/index.astro` → `/[ruleset]/[edition]`. */
export function pageRoutes(pages = PAGES): { pattern: string; entrypoint: string }[] {
  return (readdirSync(pages, { recursive: true, withFileTypes: true }) as import("node:fs").Dirent[])
    .filter((entry) => entry.isFile() && /\.(astro|ts)$/.test(entry.name))
    .map((entry) => {
      const path = relative(pages, join(entry.parentPath, entry.name)).split(sep).join("/");
      const route = path.replace(/\.(astro|ts)$/, "").replace(/(^|\/)index$/, "");
      return { pattern: `/${route}`, entrypoint: join(pages, path) };
    })
    .sort((a, b) => a.pattern.localeCompare(b.pattern));
}

export default function hexlaw(options?: HexlawOptions): AstroIntegration {
  const given = checkOptions(options);
  let steps: AstroIntegration["hooks"] = {};
  return {
    name: "hexlaw",
    hooks: {
      "astro:config:setup": async (params) => {
        const { config, injectRoute, updateConfig } = params;
        const settings = settingsOf(given, config);
        Object.assign(process.env, { HEXLAW_ROOT: settings.root, HEXLAW_BASE: settings.base, HEXLAW_SITE: settings.site, HEXLAW_TITLE: settings.title });
        // Loaded now: they read the settings just set.
        const [{ hexlaw: buildSteps }, { compilerExternal }, { figureModules }, { FIGURE_LIMITS }] = await Promise.all([
          import("./integration.ts"),
          import("./compiler-external.ts"),
          import("./lib/corpus-files.ts"),
          import("../compiler/1-read/figure-file.ts"),
        ]);
        for (const route of pageRoutes()) injectRoute({ ...route, prerender: true });
        const updated = updateConfig({
          site: settings.site,
          base: settings.base,
          ...(process.env.HEXLAW_OUT ? { outDir: new URL(`${process.env.HEXLAW_OUT.replace(/\/*$/, "")}/`, config.root) } : {}),
          // The icons the web app manifest names.
          publicDir: new URL("./public/", import.meta.url),
          trailingSlash: "ignore",
          // Styles: the frame's few (frame.css) inlined in every head, so the first paint needs only the
          // HTML; the rest is one file for every page (cached after the first, precached for offline),
          // linked after the breadcrumbs by Base.astro. Nothing else is inlined.
          build: { format: "directory", inlineStylesheets: "never" },
          devToolbar: { enabled: false },
          prefetch: false,
          // Figures become AVIF and WebP (site/lib/figures.ts) at sharp's default quality. Effort
          // only trades file size for encoding time: at effort 0 the book's 73 images of each format
          // encode ~5× faster than at effort 2 (AVIF) and 4 (WebP), for files ~15% larger; the
          // encoded files are cached in node_modules/.astro for the next build. AVIF's colour at half
          // resolution (4:2:0), as lossy WebP always has it: 12% less encoding, files no larger.
          // The service is Astro's sharp service, whose encodings a worker thread makes from the build's start (site/lib/image-service.ts).
          // The compiler refuses a figure of more pixels (HX0022) before anything decodes it; sharp's own limit is the same, in case.
          image: {
            service: {
              entrypoint: fileURLToPath(new URL("./lib/image-service.ts", import.meta.url)),
              config: { avif: { effort: 0, chromaSubsampling: "4:2:0" }, webp: { effort: 0 }, limitInputPixels: FIGURE_LIMITS.pixels },
            },
          },
          vite: {
            // The pages import the compiler's modules as the integration loaded them, not bundled again,
            // and the images of the figures the rule indexes name (no other file of rules/).
            plugins: [compilerExternal(), figureModules()],
            // Stylesheets bundled, prefixed and minified by Lightning CSS alone, not PostCSS first: the
            // site's build spent ~0.1 s of its thread loading and running PostCSS for three files.
            css: { transformer: "lightningcss" },
            build: { assetsInlineLimit: 0 },
            server: { fs: { allow: [PACKAGE, settings.root] } },
            // The calculators' engines and runtime: the generated/ of the rulebook being built.
            resolve: { alias: [{ find: /^#generated\//, replacement: `${join(settings.root, "generated")}/` }] },
            // Installed, the pages and components are this package's: Vite compiles them with the site's.
            ssr: { noExternal: ["hexlaw"] },
          },
        });
        steps = buildSteps().hooks;
        await steps["astro:config:setup"]?.({ ...params, config: updated });
      },
      "astro:server:setup": async (params) => steps["astro:server:setup"]?.(params),
      "astro:build:start": async (params) => steps["astro:build:start"]?.(params),
      "astro:build:done": async (params) => steps["astro:build:done"]?.(params),
    },
  };
}
