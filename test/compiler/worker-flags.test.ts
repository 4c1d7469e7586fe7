// A worker of Hexlaw starts with the process's Node flags but those about the main script.
import { expect, test } from "vitest";
import { workerExecArgv } from "../../compiler/worker-flags.ts";

test("flags about the main script (a script in a string, how to read it) are left out, with their values", () => {
  expect(workerExecArgv(["--input-type=module", "-e", "await import('x')"])).toEqual([]);
  expect(workerExecArgv(["--input-type", "module", "--eval", "1", "--conditions=dev"])).toEqual(["--conditions=dev"]);
  expect(workerExecArgv(["-p", "1 + 1", "--print=2", "--eval=3"])).toEqual([]);
});

test("every other flag is kept, in order; with none to leave out, the worker inherits them (Node refuses some given to a worker, such as --expose-gc)", () => {
  expect(workerExecArgv(["--input-type=module", "-e", "1", "--import", "./hook.mjs", "--enable-source-maps"])).toEqual(["--import", "./hook.mjs", "--enable-source-maps"]);
  expect(workerExecArgv(["--expose-gc", "--max-semi-space-size=16"])).toBeUndefined();
  expect(workerExecArgv([])).toBeUndefined();
});

test("an installed Hexlaw's worker imports the hooks that strip its types (Node strips none under node_modules)", () => {
  const hooks = "file:///club/node_modules/hexlaw/compiler/typescript-hooks.mjs";
  expect(workerExecArgv([], hooks)).toEqual(["--import", hooks]);
  expect(workerExecArgv(["--input-type=module", "-e", "1", "--enable-source-maps"], hooks)).toEqual(["--enable-source-maps", "--import", hooks]);
  // In a clone there are none to import.
  expect(workerExecArgv([])).toBeUndefined();
});
