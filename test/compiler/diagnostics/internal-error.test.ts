/**
 * An exception in Hexlaw's own code is HX0901: the whole message, a note on how to get
 * the stack, and the stack itself with HEXLAW_DEBUG=1 (from the engine worker too).
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import type { BuildCache } from "../../../compiler/cache.ts";
import { compile } from "../../../compiler/compile.ts";
import { formatDiagnostic } from "../../../compiler/diagnostics/format.ts";
import { runEngineTask } from "../../../compiler/5-verify/engine-host.ts";
import { DEMO } from "../../support/repo.ts";

/** A cache that fails whatever the compiler first reaches for in it: a stand-in for any bug in a stage. */
function brokenCache(message: string): BuildCache {
  return new Proxy({} as BuildCache, {
    get(_, key) {
      // Not a promise (`then`), and printable; anything else the compiler asks of it throws.
      if (key === "then" || typeof key === "symbol") return undefined;
      throw new Error(message);
    },
  });
}

async function internalError() {
  const result = await compile({ root: DEMO, cache: brokenCache("the cache broke.\nIt held 3 documents\nof 4") });
  expect(result.ok).toBe(false);
  expect(result.diagnostics.map((d) => d.code)).toEqual(["HX0901"]);
  const [d] = result.diagnostics;
  return { d: d!, text: formatDiagnostic(d!, () => undefined) };
}

afterEach(() => {
  vi.unstubAllEnvs();
});

describe("HX0901", () => {
  it("keeps the whole message and says how to get the stack", async () => {
    vi.stubEnv("HEXLAW_DEBUG", "");
    const { d, text } = await internalError();
    expect(d.message).toBe("Internal compiler error: the cache broke.");
    expect(d.detail).toEqual(["It held 3 documents", "of 4"]);
    expect(text).toBe(
      [
        "error[HX0901]: Internal compiler error: the cache broke.",
        "    It held 3 documents",
        "    of 4",
        "   = note: run again with HEXLAW_DEBUG=1 to print where in Hexlaw it happened (the stack)",
        "   = hint: this is a bug in Hexlaw, not in your rules; please report it with the command you ran, the file that triggers it and the stack that `HEXLAW_DEBUG=1` prints.",
      ].join("\n"),
    );
  });

  it("prints the stack with HEXLAW_DEBUG=1", async () => {
    vi.stubEnv("HEXLAW_DEBUG", "1");
    const { d, text } = await internalError();
    const frames = d.detail!.slice(2);
    expect(frames.length).toBeGreaterThan(1);
    for (const frame of frames) expect(frame).toMatch(/^at /);
    expect(frames.some((frame) => frame.includes("compiler/compile.ts"))).toBe(true);
    expect(text).toContain("    at ");
    expect(text).not.toContain("HEXLAW_DEBUG=1 to print");
  });

  it("carries the whole message and the stack of an error thrown in the engine worker", async () => {
    const engine = { javascript: 'throw new Error("an engine failed\\nwhile loading");', runtimeImport: "./runtime.ts", modules: [] };
    const error = await runEngineTask({ kind: "vectors", engine, vectors: [] }).then(
      () => undefined,
      (e: unknown) => e as Error,
    );
    expect(error?.message).toBe("an engine failed\nwhile loading");
    expect(error?.stack).toMatch(/\n\s+at /);
  });
});
