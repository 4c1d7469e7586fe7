// The engine worker (see engine-host.ts): loads generated engines and runs them,
// so what they load lives and dies with this thread, not with the compiler.
import { parentPort } from "node:worker_threads";
import { diffBehaviour, type Side } from "./diff-behaviour.ts";
import type { EngineModule } from "../runtime/runtime.ts";
import type { EngineCode, EngineTask, SideCode } from "./engine-host.ts";
import { engineKey, loadEngine } from "./load-engine.ts";
import { runVector } from "./run-vector.ts";

const engines = new Map<string, Promise<EngineModule>>();

function engineOf(code: EngineCode): Promise<EngineModule> {
  const key = engineKey(code);
  let engine = engines.get(key);
  if (!engine) engines.set(key, (engine = loadEngine(code.javascript, code.runtimeImport, code.modules)));
  return engine;
}

async function sideOf(side: SideCode | undefined): Promise<Side | undefined> {
  return side && { engine: await engineOf(side.engine), vectors: side.vectors };
}

async function perform(task: EngineTask): Promise<unknown> {
  if (task.kind === "vectors") {
    const engine = await engineOf(task.engine);
    return task.vectors.map((vector) => runVector(engine, vector));
  }
  return diffBehaviour(task.procedure, await sideOf(task.from), await sideOf(task.to), task.formal, task.samples, task.seed);
}

parentPort!.on("message", ({ id, task }: { id: number; task: EngineTask }) => {
  perform(task).then(
    (answer) => parentPort!.postMessage({ id, answer }),
    // The whole message and the stack: an engine that throws is a bug in Hexlaw, reported as HX0901.
    (error: unknown) => parentPort!.postMessage({ id, error: error instanceof Error ? { message: error.message, stack: error.stack } : { message: String(error) } }),
  );
});
