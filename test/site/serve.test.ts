// `npm run serve` serves the folder as the latest build left it: a page a later build adds is
// found, a file it rewrites is served whole with its new length, and what it removes is gone,
// all without a restart. Dot-files stay unpublished.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, expect, test } from "vitest";
import { serve } from "../../site/serve.ts";

const dir = mkdtempSync(join(tmpdir(), "hexlaw-serve-"));
let url = "";
let close: () => Promise<void> = async () => {};

beforeAll(async () => {
  writeFileSync(join(dir, "index.html"), "<h1>Home</h1>");
  const server = await serve(dir, 0, "127.0.0.1", "/");
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => new Promise((done) => server.close(() => done()));
});

afterAll(async () => {
  await close();
  rmSync(dir, { recursive: true, force: true });
});

test("a page a later build adds is served without a restart, and so is its own 404 page", async () => {
  expect((await fetch(`${url}/`)).status).toBe(200);
  const before = await fetch(`${url}/ocs/4.3/air/`);
  expect([before.status, await before.text()]).toEqual([404, "Not found"]);
  mkdirSync(join(dir, "ocs", "4.3", "air"), { recursive: true });
  writeFileSync(join(dir, "ocs", "4.3", "air", "index.html"), "<h1>14.0 Air</h1>");
  writeFileSync(join(dir, "404.html"), "<p>There is no page here</p>");
  const after = await fetch(`${url}/ocs/4.3/air/`);
  expect([after.status, await after.text()]).toEqual([200, "<h1>14.0 Air</h1>"]);
  const nowhere = await fetch(`${url}/no/such/page/`);
  expect([nowhere.status, await nowhere.text()]).toEqual([404, "<p>There is no page here</p>"]);
});

test("a file a later build rewrites is served whole, with a new ETag; one it removes is gone", async () => {
  writeFileSync(join(dir, "chart.json"), '{"cell":"Ae1"}');
  const first = await fetch(`${url}/chart.json`);
  expect(await first.text()).toBe('{"cell":"Ae1"}');
  const longer = '{"cell":"Ae1 DL2o1DG"}';
  writeFileSync(join(dir, "chart.json"), longer);
  const second = await fetch(`${url}/chart.json`, { headers: { "if-none-match": first.headers.get("etag")! } });
  expect([second.status, await second.text()]).toEqual([200, longer]);
  rmSync(join(dir, "chart.json"));
  expect((await fetch(`${url}/chart.json`)).status).toBe(404);
});

test("dot-files are not served, .well-known is", async () => {
  writeFileSync(join(dir, ".env"), "SECRET=1");
  mkdirSync(join(dir, ".git"), { recursive: true });
  writeFileSync(join(dir, ".git", "config"), "[core]");
  mkdirSync(join(dir, ".well-known"), { recursive: true });
  writeFileSync(join(dir, ".well-known", "security.txt"), "Contact: x");
  expect((await fetch(`${url}/.env`)).status).toBe(404);
  expect((await fetch(`${url}/.git/config`)).status).toBe(404);
  expect((await fetch(`${url}/%2egit/config`)).status).toBe(404);
  expect((await fetch(`${url}/.well-known/security.txt`)).status).toBe(200);
});
