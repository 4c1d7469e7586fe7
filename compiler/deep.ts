/**
 * Walks of graphs that can be as deep as their input (a chain of 20,000 definitions
 * each reading the next) written as recursion, but run without it: a walk is a
 * generator that yields each walk it would call, and gets that walk's result back
 * from the yield. `runDeep` keeps the pending walks on a stack of its own.
 */
export type Deep<T = void> = Generator<Deep<unknown>, T, unknown>;

export function runDeep<T>(walk: Deep<T>): T {
  const stack: Deep<unknown>[] = [walk];
  let result: unknown;
  while (stack.length > 0) {
    const step = stack.at(-1)!.next(result);
    if (step.done) {
      stack.pop();
      result = step.value;
    } else {
      stack.push(step.value);
      result = undefined;
    }
  }
  return result as T;
}
