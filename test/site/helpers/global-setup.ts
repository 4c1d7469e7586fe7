// Before the end-to-end tests: the site built once (if dist/ has no build yet; CI builds it
// before `npm test`), not by each file that reads it, which in parallel would build it twice.
import { ensureBuilt } from "./site.ts";

export default function setup(): void {
  ensureBuilt();
}
