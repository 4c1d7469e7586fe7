import { Worker } from "node:worker_threads";
import { engineKey } from "./load-engine.ts";
import { workerExecArgv } from "../worker-flags.ts";
import type { SharedModule } from "../4-emit/types.ts";
import type { ProcedureComparison, FormalChange } from "./diff-behaviour.ts";
import type { VectorRun } from "./run-vector.ts";
import type { Vector } from "./vector.ts";

/** An engine as the emitter printed it: its JavaScript, how it imports the runtime, and the edition's modules it imports. */
export interface EngineCode {
  javascript: string;
  runtimeImport: string;
  modules: SharedModule[];
}

/** An engine and the worked examples of its procedure, for comparing two editions. */
export interface SideCode {
  engine: EngineCode;
  vectors: Vector[];
}

/** What the engine worker does: run vectors on an engine, or compare two editions' engines of a procedure. */
export type EngineTask =
  | { kind: "vectors"; engine: EngineCode; vectors: Vector[] }
  | { kind: "behaviour"; procedure: string; from?: SideCode; to?: SideCode; formal: FormalChange[]; samples: number; seed: number };

type Answer<T extends EngineTask> = T extends { kind: "vectors" } ? VectorRun[] : ProcedureComparison;

/**
 * How many distinct engines one worker may load before a new worker takes its
 * place. A loaded engine (an ES module) can never be unloaded; ending the worker
 * that loaded it is what frees it, so a long-running `--watch` stays the same size.
 */
export const ENGINES_PER_WORKER = 24;

const WORKER = new URL("./engine-worker.ts", import.meta.url);

interface Host {
  worker: Worker;
  engines: Set<string>;
  pending: Map<number, { resolve(value: unknown): void; reject(error: Error): void }>;
  retired: boolean;
}

let current: Host | undefined;
let nextId = 0;

/**
 * Runs a task on the generated engines in a worker thread, never in the compiler's
 * own: each build's engines are loaded there, and the worker is replaced (and its
 * memory freed) once it has loaded ENGINES_PER_WORKER of them.
 */
export function runEngineTask<T extends EngineTask>(task: T): Promise<Answer<T>> {
  const keys = codesOf(task).map(engineKey);
  const fresh = keys.filter((key) => !current?.engines.has(key));
  if (!current || current.retired || (current.engines.size > 0 && current.engines.size + fresh.length > ENGINES_PER_WORKER)) {
    if (current) retire(current);
    current = start();
  }
  const host = current;
  for (const key of keys) host.engines.add(key);
  const id = nextId++;
  return new Promise<Answer<T>>((resolve, reject) => {
    host.pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
    host.worker.ref();
    host.worker.postMessage({ id, task });
  });
}

function codesOf(task: EngineTask): EngineCode[] {
  return task.kind === "vectors" ? [task.engine] : [task.from?.engine, task.to?.engine].filter((code): code is EngineCode => code !== undefined);
}

function start(): Host {
  const host: Host = { worker: new Worker(WORKER, { execArgv: workerExecArgv() }), engines: new Set(), pending: new Map(), retired: false };
  host.worker.unref();
  host.worker.on("message", ({ id, answer, error }: { id: number; answer?: unknown; error?: { message: string; stack?: string } }) => {
    const waiting = host.pending.get(id);
    host.pending.delete(id);
    if (error !== undefined) waiting?.reject(Object.assign(new Error(error.message), error.stack ? { stack: error.stack } : {}));
    else waiting?.resolve(answer);
    if (host.pending.size === 0) {
      // An idle worker does not keep the process alive; a retired one is done.
      host.worker.unref();
      if (host.retired) void host.worker.terminate();
    }
  });
  const fail = (error: Error) => {
    host.retired = true;
    for (const waiting of host.pending.values()) waiting.reject(error);
    host.pending.clear();
  };
  host.worker.on("error", fail);
  host.worker.on("exit", (code) => fail(new Error(`the engine worker stopped (exit code ${code})`)));
  return host;
}

/** No new tasks go to `host`; it ends once it has answered those it has. */
function retire(host: Host): void {
  host.retired = true;
  if (host.pending.size === 0) void host.worker.terminate();
}
