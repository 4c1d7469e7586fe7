// How many pages a page of a site prints on: Chromium's own print to PDF (as a
// reader's "Save as PDF"), in the print media of the page's stylesheets, counted
// from the PDF's page objects.
import type { Browser } from "playwright-core";

export async function printedPages(browser: Browser, url: string, format: "A4" | "Letter"): Promise<number> {
  const context = await browser.newContext({ serviceWorkers: "block" });
  try {
    const page = await context.newPage();
    // Requests to other hosts (a site's fonts and analytics) fail at once instead of waiting for a network there is none of.
    await page.route((url) => !/^https?:\/\/127\.0\.0\.1[:/]/.test(url.href), (route) => route.abort());
    await page.goto(url, { waitUntil: "load" });
    const pdf = await page.pdf({ format, printBackground: false });
    return (pdf.toString("latin1").match(/\/Type\s*\/Page\b/g) ?? []).length;
  } finally {
    await context.close();
  }
}
