// The language server for `npm run bench -- lsp` (issue 25): `hexlaw lsp` on a copy of the corpus,
// driven over stdio as an editor drives it, 9.0 open. A keystroke's diagnostics: from the edit sent
// (unsaved) to its diagnostics published — an edit that compiles (a quote of a rules block changed,
// so its engine is emitted and verified again), a typo that stops at the check, and its fix. Also
// hover and definition, answered from the model the last compile left. Target: well under 1 s.
import { cpSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { LspClient, position } from "../support/lsp-client.ts";
import { REPO, removeTemp, tempDir } from "../support/repo.ts";
import { medianOf, ms, row, time } from "./measure.ts";

const RUNS = 7;
const CHAPTER = "rules/ocs/4.3/09-ground-combat.md";
const QUOTE = "Find the odds determined above on the correct row";

export async function run(): Promise<void> {
  process.stdout.write(`hexlaw lsp on the OCS corpus, ${CHAPTER} open: a keystroke to its diagnostics, medians of ${RUNS}\n`);
  const root = tempDir("hexlaw-bench-lsp-");
  cpSync(join(REPO, "rules"), join(root, "rules"), { recursive: true });
  const client = new LspClient(root);
  try {
    const original = readFileSync(join(root, CHAPTER), "utf8");
    await client.start();
    const first = await time(async () => {
      await client.open(CHAPTER);
      await client.diagnostics(CHAPTER, () => true, 900_000);
    });
    row("first diagnostics after opening (a cold compile)", ms(first));
    const keystroke = async (text: string, expect: (errors: number) => boolean) => {
      client.forget(CHAPTER);
      return time(async () => {
        await client.change(CHAPTER, text);
        await client.diagnostics(CHAPTER, (d) => expect(d.length));
      });
    };
    const edits: number[] = [];
    const typos: number[] = [];
    const fixes: number[] = [];
    const typo = original.replace("round(attack_total : defense_total", "round(attack_totl : defense_total");
    if (typo === original) throw new Error(`${CHAPTER} no longer computes its odds as the benchmark's typo expects`);
    for (let n = 0; n < RUNS; n++) {
      edits.push(await keystroke(original.replace(QUOTE, n % 2 === 0 ? QUOTE.replace("on the correct", "on  the correct") : QUOTE), (errors) => errors === 0));
      typos.push(await keystroke(typo, (errors) => errors > 0));
      fixes.push(await keystroke(original, (errors) => errors === 0));
    }
    row("an edit of a quote: compiled, emitted, verified", ms(medianOf(edits)), "target well under 1 s");
    row("a typo (an unknown name): the diagnostic shown", ms(medianOf(typos)), "target well under 1 s");
    row("the typo fixed: the diagnostic cleared", ms(medianOf(fixes)), "target well under 1 s");
    const at = position(original, "attack_total");
    const hovers: number[] = [];
    const definitions: number[] = [];
    for (let n = 0; n < RUNS; n++) {
      hovers.push(await time(() => client.hover(CHAPTER, at.line, at.character)));
      definitions.push(await time(() => client.definition(CHAPTER, at.line, at.character)));
    }
    row("hover", ms(medianOf(hovers)));
    row("go to definition", ms(medianOf(definitions)));
  } finally {
    await client.stop();
    removeTemp(root);
  }
}
