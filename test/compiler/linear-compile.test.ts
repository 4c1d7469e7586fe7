// Compiling an edition goes over its lists a number of times that grows with the
// edition, not with its square (issue 23.4): each reference, link, lead-in erratum and
// amendment used to be matched with a search of every paragraph, heading, outside part
// or later node of its edition. Elements searched are counted, not timed.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, expect, test } from "vitest";
import { compile } from "../../compiler/compile.ts";
import { arrayScans, growth } from "../support/count-reads.ts";
import { copyCorpus, EMPTY, frontMatter, removeTemp } from "../support/repo.ts";

const roots: string[] = [];
afterAll(() => roots.forEach(removeTemp));

const id = (i: number) => `${1 + Math.floor(i / 99)}.${(i % 99) + 1}`;

/**
 * An edition of `n` paragraphs, each with mentions, a link to a heading, a mention of a
 * part outside the corpus and a lead-in erratum; and an edition extending it whose
 * errata amend every other paragraph.
 */
function corpus(n: number): string {
  const root = copyCorpus(EMPTY);
  roots.push(root);
  const chapter = [frontMatter(), "# 1.0 Test", ""];
  const errata = [frontMatter("Errata", "errata").replace('edition: "1"', 'edition: "2"'), "# Errata", ""];
  const outside = Array.from({ length: n }, (_, i) => `  "40.${i + 1}": Part ${i + 1}`);
  for (let i = 0; i < n; i++) {
    const target = (k: number) => id((i * 7 + k * 13) % n);
    const heading = id(2 * ((i * 7 + 9) % (n / 2)));
    const link = `[${heading}](#${heading.replace(".", "")}-part)`;
    if (i % 2 === 0) chapter.push(`## ${id(i)} Part`, "", `Units move ${i} hexes (see ${target(1)}, see 40.${i + 1}), as in ${link}.`, "");
    else {
      chapter.push(`**${id(i)}a8** Lead, see ${target(2)}.`, "", `::erratum[The source means ${id(i)}.]{printed="${id(i)}a8" reads="${id(i)}"}`, "");
      errata.push(`* **${i})** ${id(i - 1)} should say ${i} and more.`, "", `  ::amend[Units move ${i} hexes and more.]{paragraph="${id(i - 1)}" printed="${i - 1} hexes" corrected="${i} hexes and more"}`, "");
    }
  }
  const edition = join(root, "rules/t/1/edition.yaml");
  writeFileSync(join(root, "rules/t/1/01-test.md"), chapter.join("\n"));
  writeFileSync(edition, `${readFileSync(edition, "utf8")}outside:\n${outside.join("\n")}\n`);
  mkdirSync(join(root, "rules/t/2"));
  writeFileSync(join(root, "rules/t/2/edition.yaml"), 'id: "2"\ntitle: Test rules 2\nextends: "1"\nsupersedes: "1"\nsources:\n  - title: Written for the Hexlaw test suite\n');
  writeFileSync(join(root, "rules/t/2/errata.md"), errata.join("\n"));
  return root;
}

async function scansToCompile(n: number): Promise<number> {
  const root = corpus(n);
  let ok = false;
  const scans = await arrayScans(async () => {
    const result = await compile({ root });
    ok = result.ok;
    if (!ok) throw new Error(result.diagnostics.slice(0, 3).map((d) => `${d.code} ${d.message}`).join("\n"));
  });
  expect(ok).toBe(true);
  return scans;
}

test("the elements searched while compiling grow linearly with an edition's paragraphs", async () => {
  expect(await growth(scansToCompile, 400)).toBeLessThan(2.5);
});
