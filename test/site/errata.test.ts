// Errata on the built site, on a phone and a laptop, derived from what the compiler wrote:
// every edition that extends another shows each amended paragraph with its erratum (the
// printed words struck through beside the correction, and a note citing the errata
// document), its errata document says where each erratum applies, and the changes page from
// the extended edition lists every erratum. And the source errors the corpus records with
// `::erratum`: the printed reference, the link where it should go, the note.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import type { EditionDiff } from "../../compiler/diff/types.ts";
import { encodeFragment } from "../../compiler/markdown/rulebook-context.ts";
import { editions } from "../../site/lib/corpus.ts";
import { openPage, root, SCREENS } from "./helpers/site.ts";
import { useSite } from "./helpers/use-site.ts";

const site = useSite();

const indexes = editions();
const extending = indexes.filter((index) => index.edition.extends);
const flat = (text: string) => text.replace(/\s+/g, " ").trim();

test("the corpus has an edition that extends another (the OCS 4.3 errata edition)", () => {
  expect(extending.map((index) => `${index.ruleset.id}/${index.edition.id}`)).toContain("ocs/4.3-errata-2019");
});

for (const screen of SCREENS) {
  describe(`errata editions, ${screen.name} (${screen.width}×${screen.height})`, () => {
    const open = () => openPage(site.browser, { width: screen.width, height: screen.height, touch: screen.touch });

    test("every amended paragraph shows its erratum; the extended edition prints the words as they were", async () => {
      let checked = 0;
      for (const index of extending) {
        const path = (edition: string, slug: string) => `${site.url}/${index.ruleset.id}/${edition}/${slug}/`;
        for (const document of index.documents.filter((d) => d.inherited && d.inherited.amendments.length > 0)) {
          const { page, errors } = await open();
          await page.goto(path(index.edition.id, document.slug));
          const notes = page.locator(".rule-text aside.erratum.amendment");
          expect(await notes.count()).toBe(document.inherited!.amendments.length);
          for (const [i, amendment] of document.inherited!.amendments.entries()) {
            const note = notes.nth(i);
            await note.scrollIntoViewIfNeeded();
            expect(await note.isVisible()).toBe(true);
            // textContent: a paragraph far down is laid out (content-visibility) only once painted, and innerText is empty until then.
            expect(flat((await note.textContent()) ?? "")).toContain(flat(amendment.note));
            // It cites the erratum in the errata document.
            const cite = note.locator("a").first();
            expect(((await cite.textContent()) ?? "").trim()).toBe(amendment.source);
            expect(await cite.getAttribute("href")).toMatch(new RegExp(`#${encodeFragment(amendment.from).replace(/[.()]/g, "\\$&")}$`));
            if (amendment.printed !== undefined) {
              // In the text: the printed words struck through, the corrected ones beside them.
              const printed = page.locator(".rule-text del.amended-printed").filter({ hasText: amendment.printed.split(/\s+/)[0] });
              // Its words, without the marks that tell a screen reader what they are.
              const words = await printed.first().evaluate((del) => [...del.childNodes].filter((n) => !(n instanceof Element && n.classList.contains("diff-mark"))).map((n) => n.textContent).join(""));
              expect(flat(words)).toBe(flat(amendment.printed));
              expect(flat(await printed.first().locator(".diff-mark").first().textContent() ?? "")).toBe("[printed:");
              const corrected = page.locator(".rule-text ins.amended").filter({ hasText: amendment.corrected!.split(/\s+/)[0] });
              expect(flat((await corrected.first().textContent()) ?? "")).toBe(flat(amendment.corrected!));
            }
            checked++;
          }
          // Nothing sticks out sideways on a phone.
          expect(await page.evaluate("document.scrollingElement.scrollWidth")).toBeLessThanOrEqual(screen.width);
          expect(errors).toEqual([]);
          await page.context().close();

          // The same chapter of the edition it extends: as printed, no erratum.
          const base = await open();
          await base.page.goto(path(document.inherited!.edition, document.slug));
          expect(await base.page.locator(".rule-text aside.amendment, .rule-text ins.amended").count()).toBe(0);
          for (const amendment of document.inherited!.amendments.filter((a) => a.printed !== undefined)) {
            expect(flat((await base.page.locator(".rule-text").textContent()) ?? "")).toContain(flat(amendment.printed!));
          }
          await base.page.context().close();
        }
      }
      expect(checked).toBeGreaterThan(0);
      expect(checked).toBe(extending.flatMap((index) => index.documents.flatMap((d) => d.amends)).length);
    });

    test("the errata document says where each erratum applies, and its links land there", async () => {
      for (const index of extending) {
        for (const document of index.documents.filter((d) => d.amends.length > 0)) {
          const { page, errors } = await open();
          await page.goto(`${site.url}/${index.ruleset.id}/${index.edition.id}/${document.slug}/`);
          const applied = page.locator(".rule-text aside.erratum.applied");
          expect(await applied.count()).toBe(document.amends.length);
          for (const [i, amendment] of document.amends.entries()) {
            const link = applied.nth(i).locator("a").first();
            expect(await link.innerText()).toBe(amendment.label);
            expect(await link.getAttribute("href")).toBe(`/${index.ruleset.id}/${index.edition.id}/${amendment.document}/#${encodeFragment(amendment.paragraph)}`);
          }
          // Follow one: it lands on the amended paragraph.
          const last = document.amends.at(-1)!;
          await applied.last().locator("a").first().click();
          await page.waitForURL((url) => url.pathname === `/${index.ruleset.id}/${index.edition.id}/${last.document}/` && decodeURIComponent(url.hash) === `#${last.paragraph}`);
          expect(await page.evaluate("document.querySelector(':target')?.id")).toBe(last.paragraph);
          expect(errors).toEqual([]);
          await page.context().close();
        }
      }
    });

    test("the changes page from the extended edition lists every erratum, with the printed and corrected words", async () => {
      for (const index of extending) {
        const report = JSON.parse(readFileSync(join(root, "generated", `${index.ruleset.id}/${index.edition.id}/changes-from-${index.edition.extends}.json`), "utf8")) as EditionDiff;
        expect(report.errata.length).toBeGreaterThan(0);
        const { page, errors } = await open();
        await page.goto(`${site.url}/${index.ruleset.id}/changes/${index.edition.extends}..${index.edition.id}/`);
        const items = page.locator("#errata ~ .errata-applied > li");
        expect(await items.count()).toBe(report.errata.length);
        for (const [i, erratum] of report.errata.entries()) {
          const item = items.nth(i);
          expect(flat(await item.innerText())).toContain(flat(erratum.note));
          if (erratum.printed !== undefined) {
            expect(flat(await item.locator("del").innerText())).toContain(flat(erratum.printed));
            expect(flat(await item.locator("ins").innerText())).toContain(flat(erratum.corrected!));
          }
          // Links to the paragraph in both editions and to the erratum.
          expect(await item.locator(".change-places a").count()).toBe(3);
        }
        expect(await page.evaluate("document.scrollingElement.scrollWidth")).toBeLessThanOrEqual(screen.width);
        expect(errors).toEqual([]);
        await page.context().close();
      }
    });
  });
}


describe("source errors recorded with ::erratum", () => {
  test("each shows the printed words, links where it should go, and says the correction", async () => {
    let checked = 0;
    for (const index of indexes.filter((i) => !i.edition.extends)) {
      const bySlug = new Map<string, typeof index.references>();
      for (const reference of index.references.filter((r) => r.erratum)) {
        const slug = index.paragraphs[reference.from]?.document;
        if (slug) bySlug.set(slug, [...(bySlug.get(slug) ?? []), reference]);
      }
      for (const [slug, references] of bySlug) {
        const { page, errors } = await openPage(site.browser);
        await page.goto(`${site.url}/${index.ruleset.id}/${index.edition.id}/${slug}/`);
        for (const reference of references) {
          const { printed, reads } = reference.erratum!;
          const link = page.locator(`.rule-text a.ref[data-ref="${reads}"]`, { hasText: printed });
          expect(await link.count()).toBeGreaterThan(0);
          const target = index.paragraphs[reads]?.document === slug ? `#${encodeFragment(reads)}` : `/${index.ruleset.id}/${index.edition.id}/${index.paragraphs[reads]?.document}/#${encodeFragment(reads)}`;
          expect(await link.first().getAttribute("href")).toBe(target);
          // Said in the editors' transcription note (behind the reader's switch), never as an erratum of the publisher.
          const said = printed === reads ? `This site links “${printed}” to ${reads}.` : `“${printed}” is read here as ${reads}.`;
          expect(await page.getByRole("note", { name: "Transcription note", includeHidden: true }).filter({ hasText: said }).count()).toBeGreaterThan(0);
          checked++;
        }
        expect(errors).toEqual([]);
        await page.context().close();
      }
    }
    // Every `::erratum` of those editions' documents corrects a reference, except one that numbers a misprinted lead-in (11.0d8).
    const written = indexes.filter((i) => !i.edition.extends).flatMap((index) =>
      index.documents.flatMap((d) => [...readFileSync(join(root, d.file), "utf8").matchAll(/^\s*::erratum\[[^\]]*\]\{([^}]*)\}/gm)].map((m) => ({ index, attributes: m[1] }))));
    const leadIns = written.filter(({ index, attributes }) => {
      const [printed, reads] = ["printed", "reads"].map((name) => new RegExp(`${name}="([^"]*)"`).exec(attributes)?.[1] ?? "");
      return index.paragraphs[reads]?.text.trimStart().startsWith(printed);
    });
    expect(written.length - leadIns.length).toBeGreaterThan(0);
    expect(checked).toBeGreaterThanOrEqual(written.length - leadIns.length);
  });

  test("a misprinted lead-in number is the paragraph the erratum says, with the note", async () => {
    const { page } = await openPage(site.browser);
    await page.goto(`${site.url}/ocs/4.3/11-0-exploitation-phase/#11.0d`);
    await expect(page.locator(":target").innerText()).resolves.toContain("11.0d8");
    // Its printed number is its permalink.
    await expect(page.locator(":target a.pnum").getAttribute("href")).resolves.toBe("#11.0d");
    await expect(page.locator(":target a.pnum").innerText()).resolves.toBe("11.0d8");
    await expect(page.getByRole("note", { name: "Transcription note", includeHidden: true }).filter({ hasText: "“11.0d8” is read here as 11.0d." }).count()).resolves.toBe(1);
  });
});
