// The rulebook site. It only wires: rule documents are rendered by the compiler's
// own remark/rehype plugins (compiler/markdown/), data comes from generated/.
// Where it is served comes from the environment (site/lib/base.ts): HEXLAW_SITE
// (its public URL), HEXLAW_BASE (a sub-path such as /hexlaw/) and HEXLAW_OUT.
import { fileURLToPath } from "node:url";
import { defineConfig } from "astro/config";
import { unified } from "@astrojs/markdown-remark";
import { rulebookPlugins } from "./compiler/markdown/rulebook-plugins.ts";
import { base, outDir, site } from "./site/lib/base.ts";

const root = fileURLToPath(new URL(".", import.meta.url));

export default defineConfig({
  srcDir: "./site",
  publicDir: "./site/public",
  outDir,
  site,
  base,
  trailingSlash: "ignore",
  build: { format: "directory", inlineStylesheets: "always" },
  devToolbar: { enabled: false },
  prefetch: false,
  markdown: {
    syntaxHighlight: false,
    processor: unified({ ...rulebookPlugins({ root, base }), smartypants: false }),
  },
  server: { host: "127.0.0.1", port: 4321 },
  vite: {
    build: { assetsInlineLimit: 0 },
    server: { fs: { allow: [root] } },
  },
});
