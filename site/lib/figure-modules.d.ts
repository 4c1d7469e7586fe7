// The module site/lib/corpus-files.ts's `figureModules` makes when the site is bundled.
declare module "virtual:hexlaw-figures" {
  /** A loader of each figure file's image, by the file's real path. */
  const modules: Record<string, () => Promise<{ default: import("astro").ImageMetadata }>>;
  export default modules;
}
