// `import hexlaw from "hexlaw/astro"`: the Astro integration (site/astro.ts). Installed
// under node_modules, Hexlaw's TypeScript runs through the hooks that strip its types
// (compiler/typescript-hooks.mjs), loaded before any of it.
import "../compiler/typescript-hooks.mjs";

const { default: hexlaw } = await import("./astro.ts");
export default hexlaw;
