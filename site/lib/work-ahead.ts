// Work a build starts in a worker thread from its first step, for its pages to take
// later (the rule documents' trees, parse-ahead.ts; the figures' encodings,
// image-service.ts): results awaited by key, settled by the worker's messages, kept
// where both the integration (loaded by Node) and the build's bundled copy of the
// module that reads them find them.
import { Worker } from "node:worker_threads";
import { workerExecArgv } from "../../compiler/worker-flags.ts";

/** The one `T` of this process named `name` (made by `make` on first use), whichever copy of a module asks. */
export function shared<T>(name: string, make: () => T): T {
  const key = Symbol.for(`hexlaw.${name}`);
  const global = globalThis as { [key: symbol]: T | undefined };
  return (global[key] ??= make());
}

/** Results awaited by key: each settled once, by the worker or, when it fails or ends first, with null (its reader then does the work itself). */
export class Settlements<T> {
  readonly #pending = new Map<string, (value: T | null) => void>();

  /** The promise of the result for `key`. */
  expect(key: string): Promise<T | null> {
    return new Promise((resolve) => this.#pending.set(key, resolve));
  }

  settle(key: string, value: T | null): void {
    this.#pending.get(key)?.(value);
    this.#pending.delete(key);
  }

  giveUp(): void {
    for (const resolve of this.#pending.values()) resolve(null);
    this.#pending.clear();
  }
}

/**
 * Starts the worker at `module` with `data`, each message of it handed to `onMessage`.
 * It never holds the build up: a build that ends without its results did the work itself.
 */
export function workAhead<M, T>(module: URL, data: unknown, settlements: Settlements<T>, onMessage: (message: M) => void): void {
  const worker = new Worker(module, { workerData: data, execArgv: workerExecArgv() });
  worker.unref();
  worker.on("message", onMessage);
  worker.on("error", () => settlements.giveUp());
  worker.on("exit", () => settlements.giveUp());
}
