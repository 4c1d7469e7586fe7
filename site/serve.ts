// A small static server for the built site (dist/) on 127.0.0.1:4321, with the
// behaviours a static host gives: index.html for folders, a slash redirect, 404.html.
import { createReadStream, existsSync, statSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { extname, join, normalize, resolve, sep } from "node:path";

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".ico": "image/x-icon",
  ".txt": "text/plain; charset=utf-8",
  ".wasm": "application/wasm",
  ".pagefind": "application/octet-stream",
  ".pf_meta": "application/octet-stream",
  ".pf_index": "application/octet-stream",
  ".pf_fragment": "application/octet-stream",
  ".pf_filter": "application/octet-stream",
};

export function serve(dir: string, port = 4321, host = "127.0.0.1"): Promise<Server> {
  const rootDir = resolve(dir);
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? "/", `http://${host}`);
    let path: string;
    try {
      path = decodeURIComponent(url.pathname);
    } catch {
      response.writeHead(400).end("Bad request");
      return;
    }
    const file = normalize(join(rootDir, path));
    if (file !== rootDir && !file.startsWith(rootDir + sep)) {
      response.writeHead(403).end("Forbidden");
      return;
    }
    let target = file;
    if (existsSync(target) && statSync(target).isDirectory()) {
      if (!url.pathname.endsWith("/")) {
        response.writeHead(301, { location: `${url.pathname}/${url.search}` }).end();
        return;
      }
      target = join(target, "index.html");
    }
    let status = 200;
    if (!existsSync(target) || !statSync(target).isFile()) {
      status = 404;
      target = join(rootDir, "404.html");
      if (!existsSync(target)) {
        response.writeHead(404, { "content-type": "text/plain" }).end("Not found");
        return;
      }
    }
    const type = TYPES[extname(target)] ?? "application/octet-stream";
    response.writeHead(status, { "content-type": type, "cache-control": "no-cache", "x-content-type-options": "nosniff" });
    if (request.method === "HEAD") response.end();
    else createReadStream(target).pipe(response);
  });
  return new Promise((done, fail) => {
    server.once("error", fail);
    server.listen(port, host, () => done(server));
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const port = Number(process.env.PORT ?? 4321);
  const dir = process.env.HEXLAW_DIST ?? join(process.cwd(), "dist");
  if (!existsSync(join(dir, "index.html"))) {
    process.stderr.write(`No built site in ${dir}; run npm run build first.\n`);
    process.exit(1);
  }
  serve(dir, port).then(() => process.stdout.write(`Serving ${dir} at http://127.0.0.1:${port}/\n`), (error) => {
    process.stderr.write(`Could not serve on 127.0.0.1:${port}: ${error.message}\n`);
    process.exit(1);
  });
}
