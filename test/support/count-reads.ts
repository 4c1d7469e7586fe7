/**
 * Work measured without a clock: a view of a value that counts every property read
 * through it, at any depth. Looking each of n things up in a list of n reads about
 * n² properties; looking them up in a map, about n. A test compares the reads of an
 * input and of one twice its size, which a busy machine cannot change.
 */
export function countReads<T extends object>(value: T): { value: T; reads: () => number } {
  let reads = 0;
  const views = new WeakMap<object, object>();
  const view = (target: object): object => {
    let proxy = views.get(target);
    if (!proxy) {
      proxy = new Proxy(target, {
        get(object, key, receiver) {
          const got = Reflect.get(object, key, receiver);
          if (typeof key === "symbol") return got;
          reads++;
          return got !== null && typeof got === "object" ? view(got) : got;
        },
      });
      views.set(target, proxy);
    }
    return proxy;
  };
  return { value: view(value) as T, reads: () => reads };
}

/** How many times the reads grow when the input doubles: about 2 for linear work, 4 for quadratic. */
export async function growth(readsFor: (n: number) => number | Promise<number>, n: number): Promise<number> {
  const small = await readsFor(n);
  const large = await readsFor(2 * n);
  return large / small;
}

const CALLBACKS = ["find", "findIndex", "findLast", "findLastIndex", "some", "every", "filter"] as const;
const SEARCHES = ["includes", "indexOf", "lastIndexOf"] as const;

/**
 * Work measured without a clock, where the work is inside the code under test: how
 * many elements the arrays' searches and copies went over while `run` ran, in any
 * code (each element a `find`, `some` or `filter` tested, each an `indexOf` or
 * `includes` passed, each a `slice` copied). A search of a list once per item of it
 * goes over about n² elements; a lookup in a map, none.
 */
export async function arrayScans(run: () => unknown): Promise<number> {
  const proto = Array.prototype as unknown as Record<string, (...args: unknown[]) => unknown>;
  const saved = [...CALLBACKS, ...SEARCHES, "slice"].map((name) => [name, proto[name]] as const);
  const indexOf = proto.indexOf;
  let scanned = 0;
  for (const name of CALLBACKS) {
    const original = proto[name];
    proto[name] = function (this: unknown[], ...args: unknown[]) {
      const [test, ...rest] = args as [(...a: unknown[]) => unknown, ...unknown[]];
      return original.call(this, (...a: unknown[]) => {
        scanned++;
        return test(...a);
      }, ...rest);
    };
  }
  for (const name of SEARCHES) {
    const original = proto[name];
    proto[name] = function (this: unknown[], ...args: unknown[]) {
      const found = original.apply(this, args);
      const at = name === "includes" ? indexOf.apply(this, args) : found;
      scanned += at === -1 ? this.length : name === "lastIndexOf" ? this.length - (at as number) : (at as number) + 1;
      return found;
    };
  }
  const slice = proto.slice;
  proto.slice = function (this: unknown[], ...args: unknown[]) {
    const copy = slice.apply(this, args) as unknown[];
    scanned += copy.length;
    return copy;
  };
  try {
    await run();
  } finally {
    for (const [name, original] of saved) proto[name] = original;
  }
  return scanned;
}
