// The answer panel: whether the action is allowed (with cited reasons), every
// output by group, the exact outcome distribution as bars, and with dice the
// result and its step-by-step trace, each step linked to its paragraph.
import type { Distribution, Marginal, Resolution, TraceStep, Wire } from "../../compiler/runtime/runtime.ts";
import { sameValue, tracedText, wireText } from "../../generated/runtime/runtime.ts";
import { el } from "./form.ts";

export interface Config {
  title: string;
  paragraph: string;
  labels: Record<string, { label: string; paragraph: string }>;
  links: Record<string, string>;
}

export interface Metadata {
  outputs: readonly { label: string; names: readonly string[] }[];
  outcome: readonly string[];
}

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
  readonly root = el("div", { class: "calc-results", "aria-live": "polite" });
  private readonly config: Config;
  private readonly metadata: Metadata;

  constructor(config: Config, metadata: Metadata) {
    this.config = config;
    this.metadata = metadata;
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

  showInvalid(count: number, messages: string[]): void {
    this.root.replaceChildren(
      el("div", { class: "verdict invalid", role: "alert" }, `${count} field${count === 1 ? " needs" : "s need"} attention before the rules can be applied.`,
        messages.length ? el("ul", {}, ...messages.map((m) => el("li", { text: m }))) : null),
    );
  }

  showPrompt(labels: string[]): void {
    this.root.replaceChildren(
      el("div", { class: "verdict invalid" }, `Fill in ${labels.length === 1 ? "one more field" : `${labels.length} fields`} to apply the rules: ${labels.join(", ")}.`,
        el("span", { class: "calc-note", text: " Or load a worked example above." })),
    );
  }

  showFailure(message: string): void {
    this.root.replaceChildren(el("div", { class: "verdict invalid", role: "alert", text: message }));
  }

  show(result: Resolution<Outputs>, distribution: Distribution<Outputs> | null, diceGiven: boolean, example: { title: string; expect: { allowed?: boolean; outputs: Outputs }; disputed: string | null } | null): void {
    const parts: (HTMLElement | null)[] = [];
    const outputs = result.outputs as Outputs;
    const pending = result.pending as Record<string, { kind: string; message: string; paragraph: string }>;

    // Eligibility
    if (result.allowed) {
      parts.push(el("div", { class: "verdict allowed", "data-answer": "allowed" }, `✓ Allowed: nothing in the rules forbids this ${this.config.title.toLowerCase()}.`));
    } else {
      parts.push(el("div", { class: "verdict blocked", "data-answer": "allowed" }, `✗ Not allowed`,
        el("ul", {}, ...result.violations.map((v) => el("li", {}, `${v.message} `, this.cite(v.paragraph))))));
    }

    // The rulebook's own answer, when a worked example is loaded
    if (example) parts.push(this.exampleBox(example, outputs, result.trace));

    // Distribution
    if (distribution && distribution.total > 1) parts.push(...this.distributionView(distribution, outputs, diceGiven));

    // Outputs by group
    for (const group of this.metadata.outputs) {
      const items = group.names.map((name) => {
        const p = pending[name];
        const value = name in outputs ? el("dd", {}, this.shown(name, outputs, result.trace))
          : el("dd", {}, el("span", { class: "pending", text: p?.kind === "dice" ? "depends on the dice" : p?.kind === "unknown" ? "unknown: consult the printed chart" : (p?.message ?? "not applicable") }));
        const cite = this.cite(this.config.labels[name]?.paragraph);
        if (cite) value.append(cite);
        return el("div", { "data-answer": name }, el("dt", { text: this.label(name, result.trace) }), value);
      });
      parts.push(el("h3", { text: group.label }), el("dl", { class: "outputs" }, ...items));
    }

    // Trace
    if (result.trace.length > 0) {
      const details = el("details", { class: "trace-box" }, el("summary", { text: diceGiven ? "How this result was reached, step by step" : "The working so far, step by step" }),
        el("ol", { class: "trace" }, ...result.trace.map((step) => this.step(step))));
      if (diceGiven) details.open = true;
      parts.push(el("h3", { text: diceGiven ? "Result and working" : "Working" }), details);
    }
    this.root.replaceChildren(...parts.filter((p): p is HTMLElement => p !== null));
  }

  /** Marks the answers another edition gives differently, in words as well as colour. */
  markDifferences(differs: ReadonlySet<string>, other: string): void {
    for (const node of this.root.querySelectorAll<HTMLElement>("[data-answer]")) {
      if (!differs.has(node.dataset.answer ?? "")) continue;
      node.classList.add("differs");
      const note = el("span", { class: "differs-note", text: `≠ differs in ${other}` });
      const value = node.querySelector("dd");
      if (value) value.append(" ", note);
      else node.firstChild?.after(" ", note);
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

  private step(step: TraceStep): HTMLElement {
    const label = step.item !== undefined ? `${step.label} (unit ${step.item + 1})` : step.label;
    const li = el("li", {}, step.kind === "check" ? `${label}: ` : `${label} = `, el("span", { class: "v", text: step.kind === "check" ? (step.value ? "met" : "NOT met") : step.display }), " ");
    const cite = this.cite(step.paragraph);
    if (cite) li.append(cite);
    if (step.quote) li.append(" ", el("span", { class: "q", text: `“${step.quote}”` }));
    return li;
  }

  private distributionView(d: Distribution<Outputs>, outputs: Outputs, diceGiven: boolean): HTMLElement[] {
    const names = this.metadata.outcome;
    const displays = new Map<string, Map<string, string>>();
    for (const [name, marginals] of Object.entries(d.marginals as Record<string, Marginal[]>)) {
      displays.set(name, new Map(marginals.map((m) => [JSON.stringify(m.value), m.display])));
    }
    const text = (name: string, value: Wire | undefined) => displays.get(name)?.get(JSON.stringify(value)) ?? wireText(value);
    const rows = d.outcomes.map((o) => ({
      label: names.map((n) => (names.length > 1 ? `${this.label(n)}: ${text(n, (o.value as Outputs)[n])}` : text(n, (o.value as Outputs)[n]))).join(" · "),
      ways: o.ways,
      p: o.p,
      actual: diceGiven && names.every((n) => n in outputs && JSON.stringify(outputs[n]) === JSON.stringify((o.value as Outputs)[n])),
    }));
    const out: HTMLElement[] = [el("h3", { text: `Every outcome (${d.total} equally likely rolls)` }), this.bars(`Chance of each ${names.map((n) => this.label(n).toLowerCase()).join(" and ")}`, rows, d.total, false)];
    const others = Object.entries(d.marginals as Record<string, Marginal[]>).filter(([name, m]) => !names.includes(name) && m.length > 1 && m.length <= 8);
    if (others.length > 0) {
      out.push(el("h3", { text: "Chances along the way" }), el("div", { class: "dist-grid" }, ...others.map(([name, marginals]) =>
        this.bars(this.label(name), marginals.map((m) => ({ label: m.display, ways: m.ways, p: m.p, actual: diceGiven && JSON.stringify(outputs[name]) === JSON.stringify(m.value) })), d.total, true))));
    }
    return out;
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
      el("caption", { text: caption }),
      el("thead", { class: "visually-hidden" }, el("tr", {}, el("th", { scope: "col", text: "Outcome" }), el("th", { scope: "col", text: "Chance" }), el("th", { scope: "col", text: "Bar" }))),
      el("tbody", {}, ...sorted.map((r) => {
        const tr = el("tr", r.actual ? { class: "actual" } : {},
          el("th", { scope: "row" }, r.label, r.actual ? el("span", { class: "visually-hidden", text: " (this roll)" }) : null),
          el("td", { class: "p" }, percent(r.p), " ", el("span", { class: "frac", text: fraction(r.ways, denominator) })),
          el("td", { class: "bar", "aria-hidden": "true" }, el("span", { class: "bar-track" }, el("span", { class: "bar-fill", style: `width:${((100 * r.p) / max).toFixed(2)}%` }))));
        return tr;
      })),
    ));
  }
}

/** Equality of wire values as the engines define it: results by their fields, not how their text is spaced. */
function sameWire(a: Wire, b: Wire): boolean {
  const native = (w: Wire): unknown => (typeof w === "string" && /^\d+(\.\d+)?:\d+(\.\d+)?$/.test(w) ? { a: Number(w.split(":")[0]), d: Number(w.split(":")[1]) } : w);
  return sameValue(native(a), native(b));
}
