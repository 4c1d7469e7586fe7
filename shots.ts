import { chromium } from "playwright-core";
import { serve } from "./site/serve.ts";
import { dist } from "./test/site/helpers/site.ts";
const srv = await serve(dist, 0, "127.0.0.1");
const port0 = (srv.address() as any).port;
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--headless", "--no-sandbox", "--disable-gpu"] });
const [w, h] = (process.env.SIZE ?? "390x844").split("x").map(Number);
const page = await browser.newPage({ viewport: { width: w, height: h }, deviceScaleFactor: 1, isMobile: w < 500, hasTouch: w < 500 });
for (const p of process.argv.slice(2)) {
  await page.goto(`http://127.0.0.1:${port0}${p}`);
  await page.waitForTimeout(1500);
  const name = `/tmp/shot-${w}-${p.replace(/[^a-z0-9]+/gi, "_")}.png`;
  await page.screenshot({ path: name, fullPage: !!process.env.FULL });
  console.log(name);
}
await browser.close(); srv.close();
