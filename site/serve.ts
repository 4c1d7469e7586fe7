// Serves the built site (dist/) on 127.0.0.1:4321 with maintained middleware: sirv
// for the files (ETags, ranges, HEAD, index.html for folders) and compression for
// gzip/brotli. Under a base path (HEXLAW_BASE=/hexlaw/) the site is served there,
// as a project site is. Hashed assets are cached for a year; pages, the search
// index and the service worker are revalidated on every load. Every request looks
// at the folder as it is now (sirv's `dev` lookup: no list of files taken at start),
// so what a later build wrote, pages it added and files it changed, is served
// without a restart.
import { existsSync, readFileSync, statSync } from "node:fs";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { join, resolve } from "node:path";
import compression from "compression";
import sirv from "sirv";
import { base as configuredBase, outDir } from "./lib/base.ts";

/** How long a response may be kept: immutable for files named by their hash, else revalidated. */
export function cacheControl(pathname: string): string {
  return pathname.startsWith("/_astro/") ? "public, max-age=31536000, immutable" : "no-cache";
}

export function serve(dir: string, port = 4321, host = "127.0.0.1", base = configuredBase): Promise<Server> {
  const rootDir = resolve(dir);
  const compress = compression() as unknown as (req: IncomingMessage, res: ServerResponse, next: () => void) => void;
  const files = sirv(rootDir, {
    // Looked up on each request: a list taken at start would miss what a later build adds and
    // keep the length of files it rewrites. Its lookup serves dot-files, which are refused below.
    dev: true,
    etag: true,
    dotfiles: false,
    extensions: ["html"],
    setHeaders(res, pathname) {
      res.setHeader("cache-control", cacheControl(pathname));
      res.setHeader("x-content-type-options", "nosniff");
      if (pathname.endsWith(".pagefind") || pathname.endsWith(".pf_meta") || pathname.endsWith(".pf_index") || pathname.endsWith(".pf_fragment") || pathname.endsWith(".pf_filter")) {
        res.setHeader("content-type", "application/octet-stream");
      }
    },
  });
  const notFound = (res: ServerResponse) => {
    const page404 = existsSync(join(rootDir, "404.html")) ? readFileSync(join(rootDir, "404.html")) : null;
    if (page404) res.writeHead(404, { "content-type": "text/html; charset=utf-8", "cache-control": "no-cache" }).end(page404);
    else res.writeHead(404, { "content-type": "text/plain; charset=utf-8" }).end("Not found");
  };
  const server = createServer((req, res) => {
    let url: URL;
    try {
      url = new URL(req.url ?? "/", `http://${host}`);
      decodeURIComponent(url.pathname);
    } catch {
      res.writeHead(400).end("Bad request");
      return;
    }
    // The site lives under its base; its root leads there.
    if (!url.pathname.startsWith(base)) {
      if (`${url.pathname}/` === base || url.pathname === "/") res.writeHead(302, { location: base }).end();
      else notFound(res);
      return;
    }
    const inside = `/${url.pathname.slice(base.length)}`;
    // Nothing whose name starts with a dot is published but .well-known (as sirv's list at start had it).
    if (/\/\.(?!well-known\/)/.test(decodeURIComponent(inside))) {
      notFound(res);
      return;
    }
    // A folder without its slash: redirect, as static hosts do, so relative links resolve.
    const target = join(rootDir, decodeURIComponent(inside));
    if (!inside.endsWith("/") && target.startsWith(rootDir) && existsSync(target) && statSync(target).isDirectory()) {
      res.writeHead(301, { location: `${url.pathname}/${url.search}` }).end();
      return;
    }
    req.url = `${inside}${url.search}`;
    compress(req, res, () => files(req, res, () => notFound(res)));
  });
  return new Promise((done, fail) => {
    server.once("error", fail);
    server.listen(port, host, () => done(server));
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const port = Number(process.env.PORT ?? 4321);
  const dir = process.env.HEXLAW_DIST ?? resolve(process.cwd(), outDir);
  if (!existsSync(join(dir, "index.html"))) {
    process.stderr.write(`No built site in ${dir}; run npm run build first.\n`);
    process.exit(1);
  }
  serve(dir, port).then(() => process.stdout.write(`Serving ${dir} at http://127.0.0.1:${port}${configuredBase}\n`), (error: Error) => {
    process.stderr.write(`Could not serve on 127.0.0.1:${port}: ${error.message}\n`);
    process.exit(1);
  });
}
