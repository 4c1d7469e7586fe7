// Only the files documents show are published (issue 23): a corpus with one figure,
// beside it image files no document shows (a notes/ folder: a real image, a text named
// .png, an SVG behind an AVIF brand, a sparse 1.5 GB file), builds, and its site holds
// the encodings of that figure alone, precaches them alone, and the build never read the
// rest. The files the site reads are the ones generated/'s rule index names, and only
// those inside rules/: a hand-made index that names a file elsewhere reads nothing.
import { spawnSync } from "node:child_process";
import { appendFileSync, mkdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { avifBrandThen, png } from "../support/images.ts";
import { builtCorpus, DEMO, REPO, removeTemp, sparseFile } from "../support/repo.ts";
import { filesUnder } from "./helpers/site.ts";

let root: string;
let out: string;
let build: ReturnType<typeof spawnSync>;
const EDITION = "rules/demo/1.0";

beforeAll(async () => {
  const map = await sharp({ create: { width: 300, height: 200, channels: 3, background: "#2a6" } }).png().toBuffer();
  const unshown = await sharp({ create: { width: 640, height: 480, channels: 3, background: "#a26" } }).png().toBuffer();
  root = (
    await builtCorpus(DEMO, "hexlaw-published-", (at) => {
      appendFileSync(join(at, EDITION, "01-combat.md"), '\n::figure[A map of the demo]{src="figures/map.png"}\n');
      mkdirSync(join(at, EDITION, "figures"));
      writeFileSync(join(at, EDITION, "figures/map.png"), map);
      mkdirSync(join(at, EDITION, "notes"));
      writeFileSync(join(at, EDITION, "notes/unshown.png"), unshown);
      writeFileSync(join(at, EDITION, "notes/not-an-image.png"), "Notes for editors, named like an image.\n");
      writeFileSync(join(at, EDITION, "notes/svg.avif"), avifBrandThen('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'));
      writeFileSync(join(at, EDITION, "notes/bomb.png"), png(16000, 16000));
      sparseFile(join(at, EDITION, "notes/scan.png"), 1.5 * 2 ** 30);
    })
  ).root;
  out = join(root, "dist");
  build = spawnSync(process.execPath, [join(REPO, "node_modules/astro/bin/astro.mjs"), "build", "--outDir", out], {
    cwd: REPO,
    env: { ...process.env, HEXLAW_ROOT: root, ASTRO_TELEMETRY_DISABLED: "1" },
    encoding: "utf8",
    timeout: 600_000,
  });
}, 900_000);

afterAll(() => removeTemp(root));

describe("a corpus with image files no document shows", () => {
  test("builds", () => {
    expect(build.status, `${build.stdout}\n${build.stderr}`).toBe(0);
  });

  test("its site holds the encodings of the figure a document shows, and no other file of rules/", () => {
    const assets = filesUnder(join(out, "_astro")).map((file) => file.slice(out.length + 1));
    const images = assets.filter((file) => /\.(?:png|jpe?g|gif|webp|avif|svg)$/i.test(file));
    expect(images.length).toBeGreaterThan(0);
    expect(images.filter((file) => !/^_astro\/map\.[\w-]+\.(?:avif|webp)$/.test(file))).toEqual([]);
    for (const file of filesUnder(out)) expect(statSync(file).size, file).toBeLessThan(8 * 2 ** 20);
  });

  test("the offline worker precaches no file of rules/", () => {
    const worker = readFileSync(join(out, "sw.js"), "utf8");
    expect(worker).toContain('"url":"/demo/1.0/1-0-combat/index.html"');
    expect(worker).not.toMatch(/_astro\/[^"]*\.(?:png|jpe?g|gif|webp|avif)"/);
    expect(worker).not.toMatch(/unshown|not-an-image|svg\.avif|bomb|scan/);
  });
});

describe("the files of rules/ the site reads", () => {
  test("are those the rule index names, inside rules/; a figure the compiler would refuse is not one of them", async () => {
    const indexFile = join(root, "generated/demo/1.0/index.json");
    const index = JSON.parse(readFileSync(indexFile, "utf8"));
    const [document] = index.documents;
    expect(document.figures).toEqual([`${EDITION}/figures/map.png`]);
    // A hand-made index: documents and figures elsewhere, and the bomb.
    index.documents.push({ ...document, file: "../outside/01-combat.md", figures: [] });
    document.figures.push("rules/../../outside/map.png", `${EDITION}/notes/bomb.png`, `${EDITION}/notes/scan.png`, `${EDITION}/notes/svg.avif`);
    writeFileSync(indexFile, JSON.stringify(index));
    process.env.HEXLAW_ROOT = root;
    const { documentFiles, figureFiles, corpusFile } = await import("../../site/lib/corpus-files.ts");
    expect(documentFiles()).toEqual([join(root, EDITION, "01-combat.md")]);
    expect(figureFiles()).toEqual([join(root, EDITION, "figures/map.png")]);
    expect(corpusFile("../outside/01-combat.md")).toBeNull();
    const { renderChapter } = await import("../../site/lib/render-chapter.ts");
    expect(() => renderChapter("../outside/01-combat.md", root)).toThrow("is not a file inside rules/");
  });
});
