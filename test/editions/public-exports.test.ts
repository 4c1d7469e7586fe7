/**
 * The public exports of each package, pinned (issue 28.4): the `exports` map and what
 * each entry exports, for the hexlaw package and for an edition's engines package
 * (`hexlaw pack`). A change here is a change of the packages' public API: make it on
 * purpose, with a changeset that says so (and, for what programs rely on, a new
 * format version).
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { editionIndex } from "../../compiler/markdown/rulebook-context.ts";
import { editionPackage } from "../../compiler/pack/edition-package.ts";
import { GENERATED, listedEngines, REPO } from "../support/repo.ts";

/** What every engine module exports. */
const ENGINE_EXPORTS = ["check", "checkAssume", "checkDice", "distribution", "metadata", "resolve", "schema"];

/** What the runtime exports (`hexlaw/engines/runtime`, `<edition package>/runtime`). */
const RUNTIME_EXPORTS = [
  "Collector", "ENGINE_FORMATS", "FORMATS", "INPUT_LIMITS", "InvalidInput", "State", "Stop", "UNTRACED", "abs", "add", "admitAssumed", "admitDice",
  "admitInput", "along", "boundsText", "ceil", "cell", "cellAt", "cellPlace", "checkAssumed", "checkDice", "checkInput", "cmp", "compareOdds", "compareProducts", "decimal", "declaredDice",
  "declaredInput", "diceTotals", "display", "distribute", "div", "eq", "exact", "extraOutputs", "finish", "firstItem", "floor", "formatNumber", "fraction",
  "ge", "gt", "halve", "header", "inRange", "isWhole", "item", "keyCount", "keysOf", "lastItem", "le", "lookup", "lowerText", "lt", "max", "min", "mul", "needDie",
  "neg", "notKnown", "numberIn", "oddsIn", "oddsInRange", "oddsKeysOf", "oddsOfValue", "oddsText", "parseOdds", "parseOddsRange", "parseRange", "pastEnds",
  "plainObject", "quarter", "rangeIn", "ratio", "readNotation", "refused", "requirements", "resolved", "rollOrNone", "round", "roundOdds", "rowOf",
  "sameValue", "searchPlace", "spread", "straightOptions", "sub", "table", "toNumber", "toWire", "tracedParagraph", "tracedText", "upperText", "whole", "wireAs", "wireEach", "wireText",
];

const names = async (file: string) => Object.keys(await import(pathToFileURL(file).href)).sort();

describe("the hexlaw package", () => {
  const manifest = JSON.parse(readFileSync(join(REPO, "package.json"), "utf8"));

  it("exports the Astro integration, the engines, their JSON files and the runtime under engines/, and its command as bin", () => {
    expect(manifest.exports).toEqual({
      "./astro": { types: "./site/astro.ts", default: "./site/astro.mjs" },
      "./engines/runtime": { types: "./generated/runtime/runtime.d.ts", default: "./generated/runtime/runtime.js" },
      "./engines/*.json": "./generated/*.json",
      "./engines/*": { types: "./generated/*.d.ts", default: "./generated/*.js" },
      "./package.json": "./package.json",
    });
    expect(manifest.bin).toEqual({ hexlaw: "compiler/cli/hexlaw.mjs" });
    expect(manifest.private).toBeUndefined();
    expect(manifest.license).toBe("MIT");
  });

  it("hexlaw/astro exports the integration alone, as its default", async () => {
    const astro = await import(pathToFileURL(join(REPO, "site/astro.mjs")).href);
    expect(Object.keys(astro)).toEqual(["default"]);
    expect(typeof astro.default).toBe("function");
    expect(astro.default().name).toBe("hexlaw");
  });

  it("hexlaw/engines/runtime exports what it did", async () => {
    expect(await names(join(GENERATED, "runtime/runtime.js"))).toEqual(RUNTIME_EXPORTS);
  });

  it("every hexlaw/engines/<ruleset>/<edition>/<procedure> exports the engine's functions and data, and no more", async () => {
    const engines = listedEngines();
    expect(engines.length).toBeGreaterThan(0);
    for (const { module } of engines) expect(await names(join(GENERATED, module.replace(/\.ts$/, ".js"))), module).toEqual(ENGINE_EXPORTS);
  });
});

describe("an edition's engines package", () => {
  it("exports each engine, its input schema and vectors, the runtime, the rule index and the schemas, and all engines at its root", async () => {
    const made = await editionPackage(GENERATED, editionIndex(REPO, "europa", "later"), { name: "@hexlaw/europa-later", hexlawVersion: "0.0.0" });
    const manifest = JSON.parse(made.files.get("package.json")!);
    expect(manifest.exports).toEqual({
      ".": { types: "./index.d.ts", default: "./index.js" },
      "./overrun": { types: "./europa/later/overrun.d.ts", default: "./europa/later/overrun.js" },
      "./overrun.input.schema.json": "./europa/later/overrun.input.schema.json",
      "./overrun.vectors.json": "./europa/later/overrun.vectors.json",
      "./runtime": { types: "./runtime/runtime.d.ts", default: "./runtime/runtime.js" },
      "./rule-index.json": "./europa/later/index.json",
      "./schemas/engine.schema.json": "./engine.schema.json",
      "./schemas/wire.schema.json": "./wire.schema.json",
      "./schemas/trace.schema.json": "./trace.schema.json",
      "./schemas/vectors.schema.json": "./vectors.schema.json",
      "./schemas/rule-index.schema.json": "./rule-index.schema.json",
      "./package.json": "./package.json",
    });
    expect(made.files.get("index.js")).toBe('export * as overrun from "./europa/later/overrun.js";\n');
    expect(made.files.get("index.d.ts")).toBe(made.files.get("index.js"));
    // Each entry exports as the hexlaw package's does: the engine's are the engine's, the runtime's the runtime's.
    expect(made.files.get("europa/later/overrun.js")).toBe(readFileSync(join(GENERATED, "europa/later/overrun.js"), "utf8"));
    expect(made.files.get("runtime/runtime.js")).toBe(readFileSync(join(GENERATED, "runtime/runtime.js"), "utf8"));
  });
});
