import { showWire } from "../5-verify/run-vector.ts";
import type { EditionDiff, WordChange } from "./types.ts";

/** A word diff inline: [-removed-]{+added+}. */
function inline(words: WordChange[]): string {
  return words.map((w) => (w.kind === "same" ? w.text : w.kind === "removed" ? `[-${w.text}-]` : `{+${w.text}+}`)).join("");
}

function clip(text: string, length = 160): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > length ? `${flat.slice(0, length - 1)}…` : flat;
}

/** Only the changed stretches of a word diff, with a little context around each. */
function excerpt(words: WordChange[]): string {
  const parts: string[] = [];
  words.forEach((w, i) => {
    if (w.kind === "same") {
      const before = i > 0 && words[i - 1].kind !== "same";
      const after = i < words.length - 1 && words[i + 1].kind !== "same";
      const t = w.text;
      if (before && after && t.length > 80) parts.push(`${t.slice(0, 35)} … ${t.slice(-35)}`);
      else if (before && !after) parts.push(t.length > 40 ? `${t.slice(0, 40)} …` : t);
      else if (after && !before) parts.push(t.length > 40 ? `… ${t.slice(-40)}` : t);
      else if (before && after) parts.push(t);
    } else parts.push(inline([w]));
  });
  return clip(parts.join(""), 400);
}

export function formatReport(diff: EditionDiff): string {
  const out: string[] = [`hexlaw diff ${diff.ruleset} ${diff.from} → ${diff.to}`, ""];
  if (diff.errata.length > 0) {
    out.push(`Errata: ${diff.to} applies ${diff.errata.length} to ${diff.from} (${diff.errata[0].source})`);
    for (const e of diff.errata) {
      out.push(e.printed !== undefined ? `  ! ${e.paragraph}: “${clip(e.printed, 120)}” → “${clip(e.corrected ?? "", 120)}”` : `  ! ${e.paragraph}: clarification`, `      ${clip(e.note, 300)} (${e.from})`);
    }
    out.push("");
  }
  const count = (kind: string) => diff.text.filter((c) => c.kind === kind).length;
  out.push(`Text: ${count("added")} added, ${count("removed")} removed, ${count("renumbered")} renumbered, ${count("reworded")} reworded`);
  for (const c of diff.text) {
    if (c.kind === "added") out.push(`  + ${c.to} ${c.title}`.trimEnd(), `      ${clip(c.text)}`);
    if (c.kind === "removed") out.push(`  - ${c.from} ${c.title}`.trimEnd(), `      ${clip(c.text)}`);
    if (c.kind === "renumbered") out.push(`  → ${c.from} is now ${c.to}${c.words ? `, reworded: ${excerpt(c.words)}` : ""}`);
    if (c.kind === "reworded") out.push(`  ~ ${c.to} ${c.title}`.trimEnd(), `      ${excerpt(c.words)}`);
  }
  out.push("", `Formal: ${diff.formal.filter((c) => c.kind === "added").length} added, ${diff.formal.filter((c) => c.kind === "removed").length} removed, ${diff.formal.filter((c) => c.kind === "changed").length} changed`);
  for (const c of diff.formal) {
    const where = c.kind === "removed" ? c.from!.paragraph : c.to!.paragraph;
    const sign = c.kind === "added" ? "+" : c.kind === "removed" ? "-" : "~";
    out.push(`  ${sign} ${c.what} ${c.name} (${where})`);
    if (c.kind === "changed") out.push(`      was: ${clip(c.from!.source, 200)}`, `      now: ${clip(c.to!.source, 200)}`);
  }
  out.push("", `Behaviour: ${diff.behaviourChanged ? "answers differ" : "no answer differs"}`);
  for (const p of diff.behaviour) {
    if (p.status !== "compared") {
      out.push(`  ${p.procedure}: only in ${p.status === "only-in-from" ? diff.from : diff.to}`);
      continue;
    }
    const { vectors, boundary, random, rejected } = p.inputs;
    out.push(`  ${p.procedure}: ${vectors + boundary + random - rejected} inputs compared (${vectors} from vectors, ${boundary} boundary, ${random} random${rejected ? `; ${rejected} not valid for both editions` : ""})`);
    for (const d of p.differences) {
      out.push(`    ✗ ${d.answer} differs for ${d.count} input(s)`);
      if (d.paragraphs.from.length || d.paragraphs.to.length) out.push(`      definitions that changed, on the traces: ${diff.from}: ${d.paragraphs.from.join(", ") || "—"} · ${diff.to}: ${d.paragraphs.to.join(", ") || "—"}`);
      for (const e of d.examples.slice(0, 2)) {
        out.push(`      e.g. ${clip(JSON.stringify(e.input), 220)}${e.dice ? ` dice ${JSON.stringify(e.dice)}` : ""}`);
        out.push(`        ${diff.from}: ${clip(showWire(e.from), 120)}   ${diff.to}: ${clip(showWire(e.to), 120)}`);
      }
    }
  }
  return out.join("\n");
}
