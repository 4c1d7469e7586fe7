// The rulebook site. It only wires: rule documents are rendered by the compiler's
// own remark/rehype plugins (compiler/markdown/), data comes from generated/.
import { fileURLToPath } from "node:url";
import { defineConfig } from "astro/config";
import { unified } from "@astrojs/markdown-remark";
import { rulebookPlugins } from "./compiler/markdown/rulebook-plugins.ts";

const root = fileURLToPath(new URL(".", import.meta.url));

export default defineConfig({
  srcDir: "./site",
  publicDir: "./site/public",
  outDir: "./dist",
  site: "http://127.0.0.1:4321",
  trailingSlash: "ignore",
  build: { format: "directory", inlineStylesheets: "always" },
  devToolbar: { enabled: false },
  prefetch: false,
  markdown: {
    syntaxHighlight: false,
    processor: unified({ ...rulebookPlugins({ root }), smartypants: false }),
  },
  server: { host: "127.0.0.1", port: 4321 },
  vite: {
    build: { assetsInlineLimit: 0 },
    server: { fs: { allow: [root] } },
  },
});
