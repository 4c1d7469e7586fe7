import type { Wire } from "../runtime/runtime.ts";
import type { ExampleModel } from "../4-emit/types.ts";
import type { Vector } from "./vector.ts";

/** A worked example as a test vector: plain data, replayable by any implementation. */
export function buildVector(example: ExampleModel): Vector {
  const outputs: Record<string, Wire> = {};
  const violated: string[] = [];
  let allowed: boolean | undefined;
  for (const expectation of example.expect) {
    if (expectation.kind === "value") outputs[expectation.name] = expectation.value as Wire;
    else if (expectation.kind === "violated") violated.push(expectation.name);
    else allowed = true;
  }
  if (violated.length > 0) allowed = false;
  return {
    id: example.id,
    title: example.title,
    paragraph: example.paragraph,
    source: { file: example.file, line: example.place.start.line, column: example.place.start.column },
    disputed: example.disputed,
    input: example.input as Record<string, Wire>,
    dice: example.dice,
    assume: example.assume as Record<string, Wire>,
    expect: { ...(allowed !== undefined ? { allowed } : {}), ...(violated.length > 0 ? { violated } : {}), outputs },
  };
}
