// The answer: the ruling in one line first (allowed, or the requirement it fails
// with its paragraph; then the procedure's summary), then the chance of every
// outcome, the steps that decided it (all of them on request), every output by
// group, and the chances along the way. Each step links to its paragraph.
import type { DiceSpec, Distribution, EngineMetadata, Marginal, Resolution, TraceStep, Wire } from "../../compiler/runtime/runtime.ts";
import { sameValue, tracedText, wireText } from "#generated/runtime/runtime.ts";
import { el } from "./form.ts";
import { decidingSteps, rulingLine } from "./ruling.ts";

export interface Config {
  title: string;
  paragraph: string;
  labels: Record<string, { label: string; paragraph: string }>;
  links: Record<string, string>;
  /** Definitions that read a cell of a chart, with the chart's keys and where it is printed. */
  lookups?: ChartLookup[];
}

interface LookupKey {
  text: string;
  value: string | number;
  min?: number | null;
  max?: number | null;
}

export interface ChartLookup {
  name: string;
  chart: string;
  caption: string;
  href: string | null;
  row: { name: string; keys: LookupKey[] };
  column: { name: string; keys: LookupKey[] };
}

/** Which of a chart's keys a value falls under: an enum member by name, a number or odds by range. */
export function keyIndex(keys: readonly LookupKey[], value: unknown): number {
  const numeric = typeof value === "number" ? value : typeof value === "string" && /^\d+(\.\d+)?:\d+(\.\d+)?$/.test(value) ? Number(value.split(":")[0]) / Number(value.split(":")[1]) : null;
  return keys.findIndex((k) => {
    if (k.min === undefined && k.max === undefined) return k.value === value;
    if (numeric === null) return false;
    return (k.min === null || k.min === undefined || numeric >= k.min) && (k.max === null || k.max === undefined || numeric <= k.max);
  });
}

export type Metadata = Pick<EngineMetadata, "outputs" | "outcome" | "summary" | "decisive" | "definitions">;
type Outputs = Record<string, Wire>;

export function percent(p: number): string {
  if (p === 0) return "0%";
  if (p === 1) return "100%";
  const digits = p < 0.001 ? 3 : p < 0.01 ? 2 : 1;
  return `${(p * 100).toFixed(digits)}%`;
}

function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b);
}

function fraction(ways: number, total: number): string {
  const g = gcd(ways, total) || 1;
  return `${ways / g}/${total / g}`;
}

export class ResultsView {
  /** The one-line ruling: what the calculator keeps on screen. */
  readonly ruling = el("div", { class: "calc-ruling", "aria-live": "polite" });
  /** Everything after it. */
  readonly root = el("div", { class: "calc-results" });
  private readonly config: Config;
  private readonly metadata: Metadata;
  private readonly dice: readonly DiceSpec[];
  /** The reader asked for every step of the trace. */
  private allSteps = false;

  constructor(config: Config, metadata: Metadata, dice: readonly DiceSpec[]) {
    this.config = config;
    this.metadata = metadata;
    this.dice = dice;
  }

  private label(name: string, trace?: TraceStep[]): string {
    return this.config.labels[name]?.label ?? trace?.find((s) => s.name === name)?.label ?? name.replace(/_/g, " ");
  }

  private cite(paragraph: string | undefined): HTMLElement | null {
    if (!paragraph) return null;
    const href = this.config.links[paragraph];
    return href ? el("a", { href, class: "cite", text: paragraph }) : el("span", { class: "cite", text: paragraph });
  }

  /** What the trace says a value is ("3:1", "Open"), or the wire value in words. */
  private shown(name: string, outputs: Outputs, trace: TraceStep[]): string {
    return tracedText(trace, name) ?? wireText(outputs[name]);
  }

  private setRuling(kind: "allowed" | "blocked" | "invalid", ...content: (Node | string | null)[]): void {
    this.ruling.className = `calc-ruling ${kind}`;
    this.ruling.dataset.answer = "allowed";
    const mark = kind === "allowed" ? "✓" : kind === "blocked" ? "✗" : "…";
    this.ruling.replaceChildren(el("span", { class: "calc-mark", "aria-hidden": "true", text: mark }), el("span", { class: "calc-line" }, ...content.filter((c) => c !== null)));
  }

  showInvalid(count: number, messages: string[]): void {
    this.setRuling("invalid", `${count} field${count === 1 ? " needs" : "s need"} attention before the rules can be applied.`);
    this.root.replaceChildren(...(messages.length ? [el("ul", { class: "calc-problems", role: "alert" }, ...messages.map((m) => el("li", { text: m })))] : []));
  }

  showPrompt(labels: string[]): void {
    // The pinned line stays short on a phone: the first fields to fill in, and how many more.
    const named = labels.slice(0, 2);
    const more = labels.length - named.length;
    this.setRuling("invalid", `Fill in ${labels.length === 1 ? "1 field" : `${labels.length} fields`}: `, el("strong", { text: named.join(", ") }), more > 0 ? ` and ${more} more` : null);
    this.root.replaceChildren(el("p", { class: "calc-note", text: "Or load a worked example from the list above." }));
  }

  showFailure(message: string): void {
    this.setRuling("invalid", message);
    this.ruling.setAttribute("role", "alert");
    this.root.replaceChildren();
  }

  show(result: Resolution<Outputs>, distribution: Distribution<Outputs> | null, diceGiven: boolean, example: { title: string; expect: { allowed?: boolean; outputs: Outputs }; disputed: string | null } | null): void {
    const parts: (HTMLElement | null)[] = [];
    const outputs = result.outputs as Outputs;
    const pending = result.pending as Record<string, { kind: string; message: string; paragraph: string }>;
    this.ruling.removeAttribute("role");

    // The ruling
    if (result.allowed) {
      const line = rulingLine(this.metadata.summary, result, this.metadata.definitions);
      const waitingFor = line.dice.map((name) => this.dice.find((d) => d.name === name)?.label ?? name.replace(/_/g, " "));
      this.setRuling("allowed",
        el("span", { class: "calc-summary" }, ...line.parts.flatMap((p, i) => [
          i > 0 ? el("span", { class: "sep", "aria-hidden": "true", text: " · " }) : null, i > 0 ? el("span", { class: "visually-hidden", text: "; " }) : null,
          el("span", { class: p.waiting ? "part waiting" : "part", text: p.text }),
          // A consequence cites the paragraph that decided it (“Exploit ignored 8.1e”).
          p.paragraph ? this.cite(p.paragraph) : null])),
        waitingFor.length > 0 ? el("span", { class: "calc-waiting", text: `Roll: ${waitingFor.join(", ")}` }) : null,
        line.reasons.length > 0 ? el("span", { class: "calc-waiting", text: line.reasons.join("; ") }) : null);
    } else {
      const [first, ...more] = result.violations;
      this.setRuling("blocked", el("strong", { text: "Not allowed: " }), `${first.message} `, this.cite(first.paragraph),
        more.length > 0 ? el("span", { class: "calc-waiting", text: `and ${more.length} more reason${more.length === 1 ? "" : "s"}, below` }) : null);
      if (more.length > 0) parts.push(el("ul", { class: "calc-violations" }, ...result.violations.map((v) => el("li", {}, `${v.message} `, this.cite(v.paragraph)))));
    }

    // The rulebook's own answer, when a worked example is loaded
    if (example) parts.push(this.exampleBox(example, outputs, result.trace));

    // The chart cells it read, each shown on its chart
    const cells = this.chartCells(result);
    if (cells) parts.push(cells);

    // The chance of each outcome
    if (result.allowed && distribution && distribution.total > 1) parts.push(...this.outcomeChances(distribution, outputs, diceGiven));

    // The steps that decided it
    if (result.trace.length > 0) parts.push(this.traceView(result));

    // Every output, by group
    const groups = this.metadata.outputs.map((group) => {
      const items = group.names.map((name) => {
        const p = pending[name];
        const value = name in outputs ? el("dd", {}, this.shown(name, outputs, result.trace))
          : el("dd", {}, el("span", { class: "pending", text: p?.kind === "dice" ? "depends on the dice" : p?.kind === "unknown" ? "unknown: consult the printed chart" : (p?.message ?? "not applicable") }));
        const cite = this.cite(this.config.labels[name]?.paragraph);
        if (cite) value.append(" ", cite);
        return el("div", { "data-answer": name }, el("dt", { text: this.label(name, result.trace) }), value);
      });
      return [el("h4", { text: group.label }), el("dl", { class: "outputs" }, ...items)];
    });
    parts.push(el("details", { class: "calc-fold calc-outputs" }, el("summary", { text: `Every answer (${this.metadata.outputs.reduce((n, g) => n + g.names.length, 0)})` }), ...groups.flat()));

    // Chances along the way
    if (result.allowed && distribution && distribution.total > 1) {
      const along = this.alongTheWay(distribution, outputs, diceGiven);
      if (along) parts.push(along);
    }
    this.root.replaceChildren(...parts.filter((p): p is HTMLElement => p !== null));
  }

  /** "Combat Table: row 7, column 8 → Ao1 DL1o1", with a link that lights the cell up on its chart. */
  private chartCells(result: Resolution<Outputs>): HTMLElement | null {
    const valueOf = (name: string) => result.trace.findLast((s) => s.name === name && s.item === undefined);
    const items = (this.config.lookups ?? []).flatMap((lookup) => {
      const step = valueOf(lookup.name);
      const row = valueOf(lookup.row.name);
      const column = valueOf(lookup.column.name);
      if (!step || !row || !column) return [];
      const r = keyIndex(lookup.row.keys, row.value);
      const c = keyIndex(lookup.column.keys, column.value);
      if (r < 0 || c < 0) return [];
      const text = `${this.label(lookup.name, result.trace)}: row ${lookup.row.keys[r].text}, column ${lookup.column.keys[c].text} → `;
      const li = el("li", { "data-chart-cell": `${lookup.chart}:${r}:${c}` }, text, el("strong", { text: step.display }));
      if (lookup.href) {
        const [page, fragment = ""] = lookup.href.split("#");
        li.append(" ", el("a", { href: `${page}?cell=${encodeURIComponent(`${lookup.chart}:${r}:${c}`)}${fragment ? `#${fragment}` : ""}`, class: "chart-cell-link", text: `show on ${lookup.caption.split(":")[0]}` }));
      }
      return [li];
    });
    if (items.length === 0) return null;
    return el("section", { class: "calc-cells", "aria-label": "Chart cells used" }, el("h4", { text: "Where it reads the charts" }), el("ul", {}, ...items));
  }

  /** The deciding steps, numbered as in the whole trace, with a button for every step. */
  private traceView(result: Resolution<Outputs>): HTMLElement {
    const deciding = decidingSteps(this.metadata.decisive, result);
    const list = el("ol", { class: "trace" });
    const toggle = el("button", { type: "button", class: "calc-all-steps", "aria-expanded": "false" });
    const fill = () => {
      const all = this.allSteps || deciding.size === 0;
      list.replaceChildren(...result.trace.flatMap((step, i) => (all || deciding.has(i) ? [this.step(step, i + 1, deciding.has(i))] : [])));
      toggle.textContent = all ? `Show only the ${deciding.size} deciding steps` : `Show all ${result.trace.length} steps`;
      toggle.setAttribute("aria-expanded", String(all));
      toggle.hidden = deciding.size === 0 || deciding.size === result.trace.length;
    };
    toggle.addEventListener("click", () => {
      this.allSteps = !this.allSteps;
      fill();
    });
    fill();
    const heading = result.allowed ? "How it was decided" : "Why not";
    return el("section", { class: "calc-trace", "aria-label": heading }, el("h4", { text: heading }),
      el("p", { class: "calc-note", text: deciding.size > 0 && deciding.size < result.trace.length ? `The ${deciding.size} steps that decided it, of ${result.trace.length}; each cites its rule.` : "Each step cites its rule." }),
      list, toggle);
  }
  /** Marks the answers another edition gives differently, in words as well as colour (and unfolds them). */
  markDifferences(differs: ReadonlySet<string>, other: string): void {
    for (const node of [this.ruling, ...this.root.querySelectorAll<HTMLElement>("[data-answer]")]) {
      if (!differs.has(node.dataset.answer ?? "")) continue;
      node.classList.add("differs");
      const note = el("span", { class: "differs-note", text: `≠ differs in ${other}` });
      const value = node.querySelector("dd") ?? node.querySelector(".calc-line");
      if (value) value.append(" ", note);
      else node.append(" ", note);
      const fold = node.closest("details");
      if (fold) fold.open = true;
    }
  }

  private exampleBox(example: { title: string; expect: { allowed?: boolean; outputs: Outputs }; disputed: string | null }, outputs: Outputs, trace: TraceStep[]): HTMLElement {
    const rows = Object.entries(example.expect.outputs).map(([name, expected]) => {
      const actual = outputs[name] ?? (trace.findLast((s) => s.name === name)?.value as Wire | undefined);
      const same = actual !== undefined && sameWire(actual, expected);
      return el("li", {}, `${this.label(name, trace)}: `, el("strong", { text: wireText(expected) }),
        actual === undefined ? " (the rules need more to compute this)" : same ? " ✓ the rules agree" : ` — the rules give ${wireText(actual)}`);
    });
    return el("div", { class: "example-box" },
      el("p", {}, el("strong", { text: "Published result" }), ` of the worked example “${example.title}”${example.disputed ? ` (disputed: ${example.disputed})` : ""}:`),
      el("ul", {}, ...rows));
  }

  private step(step: TraceStep, n: number, deciding: boolean): HTMLElement {
    const label = step.item !== undefined ? `${step.label} (unit ${step.item + 1})` : step.label;
    const value = step.kind === "check" ? (step.value ? "met" : "NOT met") : step.display;
    const li = el("li", deciding ? { class: "deciding" } : {}, el("span", { class: "n", "aria-hidden": "true", text: String(n) }),
      el("span", { class: "s" }, step.kind === "check" ? `${label}: ` : `${label} = `, el("span", { class: "v", text: value }), " ", this.cite(step.paragraph),
        step.quote ? el("span", { class: "q", text: ` “${step.quote}”` }) : null,
        step.cell ? el("span", { class: "cell", text: ` — ${step.cell}` }) : null));
    return li;
  }

  /** Text of an outcome's values, as the distribution displays them. */
  private outcomeText(d: Distribution<Outputs>): (name: string, value: Wire | undefined) => string {
    const displays = new Map<string, Map<string, string>>();
    for (const [name, marginals] of Object.entries(d.marginals as Record<string, Marginal[]>)) {
      displays.set(name, new Map(marginals.map((m) => [JSON.stringify(m.value), m.display])));
    }
    return (name, value) => displays.get(name)?.get(JSON.stringify(value)) ?? wireText(value);
  }

  private outcomeChances(d: Distribution<Outputs>, outputs: Outputs, diceGiven: boolean): HTMLElement[] {
    const names = this.metadata.outcome;
    const text = this.outcomeText(d);
    const rows = d.outcomes.map((o) => ({
      label: names.map((n) => (names.length > 1 ? `${this.label(n)}: ${text(n, (o.value as Outputs)[n])}` : text(n, (o.value as Outputs)[n]))).join(" · "),
      ways: o.ways,
      p: o.p,
      actual: diceGiven && names.every((n) => n in outputs && JSON.stringify(outputs[n]) === JSON.stringify((o.value as Outputs)[n])),
    }));
    return [el("section", { class: "calc-chances", "aria-label": "Chances" },
      el("h4", { text: `Chance of each ${names.map((n) => this.label(n).toLowerCase()).join(" and ")}` }),
      el("p", { class: "calc-note", text: `Over all ${d.total} equally likely rolls of the dice${diceGiven ? "; yours is marked" : ""}.` }),
      this.bars(`Chance of each ${names.map((n) => this.label(n).toLowerCase()).join(" and ")}`, rows, d.total, false))];
  }

  private alongTheWay(d: Distribution<Outputs>, outputs: Outputs, diceGiven: boolean): HTMLElement | null {
    const names = this.metadata.outcome;
    const others = Object.entries(d.marginals as Record<string, Marginal[]>).filter(([name, m]) => !names.includes(name) && m.length > 1 && m.length <= 8);
    if (others.length === 0) return null;
    return el("details", { class: "calc-fold" }, el("summary", { text: `Chances along the way (${others.length})` }),
      el("div", { class: "dist-grid" }, ...others.map(([name, marginals]) =>
        this.bars(this.label(name), marginals.map((m) => ({ label: m.display, ways: m.ways, p: m.p, actual: diceGiven && JSON.stringify(outputs[name]) === JSON.stringify(m.value) })), d.total, true))));
  }

  private bars(caption: string, rows: { label: string; ways: number; p: number; actual: boolean }[], denominator: number, natural: boolean): HTMLElement {
    // Numbers and odds read best in their own order; results by how likely they are.
    const order = (label: string): number => {
      const m = /^(-?\d+(?:\.\d+)?)(?::(\d+(?:\.\d+)?))?$/.exec(label);
      return m ? Number(m[1]) / Number(m[2] ?? 1) : Number.NaN;
    };
    const numeric = natural && rows.every((r) => !Number.isNaN(order(r.label)));
    const sorted = [...rows].sort((a, b) => (numeric ? order(a.label) - order(b.label) : b.p - a.p));
    const max = Math.max(...sorted.map((r) => r.p), 1e-9);
    return el("div", { class: "dist" }, el("table", {},
      el("caption", { class: "visually-hidden", text: caption }),
      el("thead", { class: "visually-hidden" }, el("tr", {}, el("th", { scope: "col", text: "Outcome" }), el("th", { scope: "col", text: "Chance" }))),
      el("tbody", {}, ...sorted.map((r) => el("tr", r.actual ? { class: "actual" } : {},
        el("th", { scope: "row" }, r.label, r.actual ? el("span", { class: "visually-hidden", text: " (this roll)" }) : null),
        el("td", { class: "p" },
          el("span", { class: "bar-track", "aria-hidden": "true" }, el("span", { class: "bar-fill", style: `width:${((100 * r.p) / max).toFixed(2)}%` })),
          el("span", { class: "pct", text: percent(r.p) }), " ", el("span", { class: "frac", text: `(${fraction(r.ways, denominator)})` })))))));
  }
}

/** Equality of wire values as the engines define it: results by their fields, not how their text is spaced. */
function sameWire(a: Wire, b: Wire): boolean {
  const native = (w: Wire): unknown => (typeof w === "string" && /^\d+(\.\d+)?:\d+(\.\d+)?$/.test(w) ? { a: Number(w.split(":")[0]), d: Number(w.split(":")[1]) } : w);
  return sameValue(native(a), native(b));
}
