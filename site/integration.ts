// The build's steps, which the integration `hexlaw/astro` (site/astro.ts) runs once it has
// set the site up. `npm run build` is one `astro build`, in one process: this integration starts
// parsing the rule documents and encoding the figures' images as soon as Astro has
// read its config (both are done beside Astro's own work, site/lib/parse-ahead.ts and
// site/lib/image-service.ts), compiles rules/ into generated/ before the pages are
// built (they read it), has Pagefind index the rule index and write its files while
// they are built, and puts the search index and then the offline worker (which
// precaches the index) into the built site after them.
// Four processes did this before, each loading Node and its modules again. Any
// failure fails the build; a failed compile has printed its diagnostics and changed
// nothing in generated/.
import { fileURLToPath } from "node:url";
import type { AstroIntegration } from "astro";
import { build } from "../compiler/cli/build.ts";
import { documentFiles, figureFiles } from "./lib/corpus-files.ts";
import { encodeAhead, encodedAhead } from "./lib/image-service.ts";
import { parseAhead } from "./lib/parse-ahead.ts";
import { root } from "./lib/corpus.ts";
import { base } from "./lib/base.ts";
import { indexSearch } from "./search/build-index.ts";
import { buildServiceWorker } from "./offline/build-sw.ts";
import { compileWhileServing } from "./dev/dev-compile.ts";

/** The script `npm run dev` adds to every page: reloads it when a build changed it, shows a build's errors over it. */
const DEV_CLIENT = fileURLToPath(new URL("./dev/dev-client.ts", import.meta.url));

/** An error Astro shows as one line: the compile's diagnostics were printed above it. */
class BuildStepError extends Error {
  constructor(message: string) {
    super(message);
    this.stack = message;
  }
}

export function hexlaw(): AstroIntegration {
  let search: ReturnType<typeof indexSearch> | undefined;
  let serving = false;
  return {
    name: "hexlaw",
    hooks: {
      "astro:config:setup": ({ command, config, injectScript, updateConfig }) => {
        serving = command === "dev";
        if (command === "dev") {
          injectScript("page", `import ${JSON.stringify(DEV_CLIENT)};`);
          // generated/ is rewritten by the compile below, which says which pages to reload (not Vite, which would reload every page).
          updateConfig({ vite: { server: { watch: { ignored: [`${root}/generated/**`] } } } });
        }
        if (command !== "build") return;
        // The documents and the figures' images of the rule indexes as they are (the compile may
        // change them: what it adds is made by the pages, anything else was done for nothing).
        parseAhead(documentFiles());
        encodeAhead(figureFiles(), config.image);
      },
      // `npm run dev`: rules/ compiled as it is saved, in the dev server's process (site/dev/dev-compile.ts).
      // Only then: `astro build` sets up a server of its own too, and a compile there would rewrite
      // generated/ under the build (astro:build:start has compiled what the build needs).
      "astro:server:setup": ({ server }) => {
        if (serving) compileWhileServing(server, root);
      },
      "astro:build:start": async () => {
        if ((await build(root)) !== 0) throw new BuildStepError("hexlaw build failed: see the diagnostics above; the site was not built.");
        // Its records come from generated/: Pagefind indexes them beside the site's build.
        search = indexSearch();
      },
      "astro:build:done": async ({ dir, logger }) => {
        const out = fileURLToPath(dir);
        let started = performance.now();
        const records = await (search ?? indexSearch()).write(out);
        logger.info(`search: ${records} records indexed by Pagefind (in the site ${Math.round(performance.now() - started)} ms after the pages)`);
        const figures = encodedAhead();
        if (figures.asked > 0) logger.info(`figures: ${figures.asked} encodings, ${figures.taken} of them made ahead in a worker while the site was built`);
        if (figures.taken < figures.asked) logger.warn(`figures: ${figures.asked - figures.taken} encodings were not among those started ahead (site/lib/image-service.ts asks for other options than site/lib/figures.ts?)`);
        started = performance.now();
        const { count, size } = await buildServiceWorker(out, base);
        logger.info(`offline: ${count} files (${(size / 1024 / 1024).toFixed(1)} MiB) precached by sw.js in ${Math.round(performance.now() - started)} ms`);
      },
    },
  };
}
