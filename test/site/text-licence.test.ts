// Every page that publishes rules text names that text's credit and licence, as its
// edition's sources state them (edition.yaml's `credit`, `license`, `license_url`),
// in its footer and in print; what a source does not state is said to be not stated.
import { readFileSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { beforeAll, expect, test } from "vitest";
import { corpus, edition } from "../../site/lib/corpus.ts";
import { creditWords, licenceWords } from "../../compiler/text-licence.ts";
import { dist, ensureBuilt, filesUnder } from "./helpers/site.ts";

beforeAll(() => ensureBuilt());

const decode = (s: string) => s.replace(/<[^>]+>/g, "").replace(/&amp;/g, "&").replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, "<").replace(/&gt;/g, ">");

/** The footer's notices of a built page, as text. */
function notices(file: string): string[] {
  return [...readFileSync(file, "utf8").matchAll(/<p class="text-licence">([\s\S]*?)<\/p>/g)].map((m) => decode(m[1]).replace(/\s+/g, " "));
}

test("every page of an edition names its sources' credit and licence", () => {
  let pages = 0;
  for (const ruleset of corpus().rulesets) {
    for (const { id } of ruleset.editions) {
      const index = edition(ruleset.id, id);
      const files = filesUnder(join(dist, ruleset.id, id), ".html");
      expect(files.length).toBeGreaterThan(0);
      for (const file of files) {
        const [notice] = notices(file);
        expect(notice, relative(dist, file)).toContain(`The text of ${ruleset.title} ${id}:`);
        for (const source of index.edition.sources) {
          expect(notice, relative(dist, file)).toContain(`${source.title} (credit: ${creditWords(source)}; licence: ${licenceWords(source)})`);
        }
        pages++;
      }
    }
  }
  expect(pages).toBeGreaterThan(0);
});

test("a changes page names the credit and licence of both editions' texts", () => {
  const files = filesUnder(dist, ".html").filter((file) => relative(dist, file).split(sep)[1] === "changes");
  expect(files.length).toBeGreaterThan(0);
  for (const file of files) expect(notices(file).length, relative(dist, file)).toBe(2);
});

test("the credit and licence the OCS 4.3 transcription states, linked; a licence not stated is said to be", () => {
  const html = readFileSync(filesUnder(join(dist, "ocs/4.3"), ".html")[0], "utf8");
  expect(html).toMatch(/licence: <a href="https:\/\/creativecommons\.org\/licenses\/by-nc\/4\.0\/"[^>]*>CC BY-NC 4\.0<\/a>/);
  expect(notices(filesUnder(join(dist, "ocs/4.3"), ".html")[0])[0]).toContain("OCS Charts & Tables v4.3 (Multi-Man Publishing, 2018), pp. 1–3 (credit: Multi-Man Publishing; licence: none stated)");
});

test("the notice is what the footer prints", () => {
  const css = filesUnder(join(dist, "_astro"), ".css").map((file) => readFileSync(file, "utf8")).join("\n");
  expect(css).toMatch(/@media print\{(?:[^@]|@page)*\.site-footer>:not\(\.text-licence\)\{display:none!important\}/);
});
