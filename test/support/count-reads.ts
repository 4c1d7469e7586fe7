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
