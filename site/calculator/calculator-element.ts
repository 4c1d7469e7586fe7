/// <reference types="vite/client" />
// <hexlaw-calculator engine="ocs/4.3/overrun">: a calculator for any procedure the
// compiler generates, built from the engine's `schema` and `metadata` alone. There
// is no code here for any particular procedure. Where another edition of the
// ruleset has a procedure of the same name, it offers to compare the two: one form
// for both, each engine given only the inputs it declares, both answers side by side.
import type { Vector } from "../../compiler/5-verify/vector.ts";
import type { CheckResult, EngineModule, EngineSchema, InputError, Resolution, ResolveOptions, Wire } from "../../compiler/runtime/runtime.ts";
import { diceFor, differingAnswers, unionSchema } from "./compare.ts";
import { DicePickers } from "./dice.ts";
import { CalculatorForm, el } from "./form.ts";
import { ResultsView, type Config } from "./results.ts";
import { admitAssumptions, engineDice, engineInput, fitState, initialState, notCarried, readUrl, stateOfVector, writeUrl, type State } from "./state.ts";

type Engine = EngineModule;

/** One edition's engine in the calculator, with its worked examples and its answer panel. */
interface Side {
  edition: string;
  title: string;
  engine: Engine;
  vectors: Vector[];
  config: Config;
  results: ResultsView;
}

/** What a page says about the editions' calculators it may compare (`<script id="hexlaw-calculator-editions">`). */
type EditionInfo = Record<string, { edition: string; title: string; config: Config | null }>;

/** The query key naming the edition a situation was carried over from (`?…&from-edition=4.3`); no input can be named so. */
const FROM_EDITION = "from-edition";
/**
 * The glob's files by engine name (`ocs/4.3/overrun`, the last three parts of each path). `#generated/` is the
 * generated/ of the rulebook being built (package.json "imports"; the integration points Vite at it, site/astro.ts).
 */
const byName = <T>(files: Record<string, T>, suffix: string): Record<string, T> =>
  Object.fromEntries(Object.entries(files).map(([path, file]) => [path.split("/").slice(-3).join("/").slice(0, -suffix.length), file]));
const engines = byName(import.meta.glob<Engine>(["#generated/*/*/*.ts", "!#generated/*/*/*.d.ts"]), ".ts");
// The worked examples are data: each file goes into the site as it is (under a hashed name) and is fetched when its
// calculator opens. As modules they were parsed, bundled and minified as code (~0.9 MB) on every build.
const vectorFiles = byName(import.meta.glob<string>("#generated/*/*/*.vectors.json", { query: "?url", import: "default", eager: true }), ".vectors.json");

/** An engine's worked examples; none when it has no file or the file cannot be fetched (the calculator works without them). */
async function examplesOf(name: string): Promise<Vector[]> {
  const url = vectorFiles[name];
  if (!url) return [];
  try {
    const response = await fetch(url);
    return response.ok ? ((await response.json()) as { vectors: Vector[] }).vectors : [];
  } catch {
    return [];
  }
}

let count = 0;

/** Engines of the same procedure in the ruleset's other editions: `europa/second-front/overrun` for `europa/later/overrun`. */
function otherEditions(name: string): { name: string; edition: string }[] {
  const [ruleset, edition, procedure] = name.split("/");
  return Object.keys(engines)
    .map((name) => name.split("/"))
    .filter((p) => p.length === 3 && p[0] === ruleset && p[2] === procedure && p[1] !== edition)
    .map((p) => ({ name: p.join("/"), edition: p[1] }));
}

function pageEditions(): EditionInfo {
  try {
    return JSON.parse(document.getElementById("hexlaw-calculator-editions")?.textContent || "{}") as EditionInfo;
  } catch {
    return {};
  }
}

/** Errors of both engines about the same field, once each. */
function unique(errors: InputError[]): InputError[] {
  const seen = new Set<string>();
  return errors.filter((e) => !seen.has(`${e.path}\n${e.message}`) && seen.add(`${e.path}\n${e.message}`));
}

class HexlawCalculator extends HTMLElement {
  private primary: Side | null = null;
  private other: Side | null = null;
  private candidates: { name: string; edition: string; title: string }[] = [];
  private schema: EngineSchema | null = null;
  /** The schema the URL was last written with, so a comparison's own fields leave the URL when it ends. */
  private urlSchema: EngineSchema | null = null;
  private state: State | null = null;
  private form: CalculatorForm | null = null;
  private presets: HTMLSelectElement | null = null;
  private presetLabel: HTMLElement | null = null;
  private compareSelect: HTMLSelectElement | null = null;
  private assumeNote: HTMLElement | null = null;
  /** Assumptions of the link that the engine refused: ignored, and said so. */
  private ignoredAssumptions: string[] = [];
  private rulings: HTMLElement | null = null;
  /** Says, beside the share button, that the link was shared or copied. */
  private shared: HTMLElement | null = null;
  private details: HTMLElement | null = null;
  private body: HTMLElement | null = null;
  private summary: HTMLElement | null = null;
  private dice: DicePickers | null = null;
  private uid = "";
  private timer = 0;
  private started = false;

  connectedCallback(): void {
    if (this.started) return;
    this.started = true;
    this.load().catch((error: unknown) => this.fail(`The calculator could not start: ${error instanceof Error ? error.message : String(error)}`));
  }

  private get urlPrefix(): string {
    return this.getAttribute("prefix") ?? "";
  }

  private fail(message: string): void {
    this.replaceChildren(el("p", { class: "calc-ruling invalid", role: "alert", text: message }));
  }

  /** Loads one edition's engine and worked examples. */
  private async side(name: string, config: Config | null): Promise<Side> {
    const loadEngine = engines[name];
    if (!loadEngine) throw new Error(`There is no engine called “${name}”.`);
    const [engine, vectors] = await Promise.all([loadEngine(), examplesOf(name)]);
    const info = pageEditions()[name];
    config ??= info?.config ?? { title: engine.metadata.title, paragraph: engine.metadata.paragraph, labels: {}, links: {} };
    const edition = name.split("/")[1];
    return { edition, title: info?.title ?? engine.metadata.editionTitle ?? edition, engine, vectors, config, results: new ResultsView(config, engine.metadata, engine.schema.dice) };
  }

  private async load(): Promise<void> {
    const name = this.getAttribute("engine") ?? "";
    if (!engines[name]) return this.fail(`There is no engine called “${name}”.`);
    let config: Config | null = null;
    try {
      config = JSON.parse(this.getAttribute("config") ?? "null") as Config | null;
    } catch {
      config = null;
    }
    const primary = await this.side(name, config);
    this.primary = primary;
    const info = pageEditions();
    this.candidates = otherEditions(name).map((c) => ({ ...c, title: info[c.name]?.title ?? c.edition }));
    const url = new URL(location.href);
    const wanted = this.candidates.find((c) => c.edition === url.searchParams.get(`${this.urlPrefix}compare`));
    if (wanted) this.other = await this.side(wanted.name, null).catch(() => null);
    this.schema = this.unionOrOwn();
    url.searchParams.delete(`${this.urlPrefix}compare`);
    const fromUrl = readUrl(this.schema, this.urlPrefix, url);
    this.state = fromUrl ?? initialState(this.schema);
    this.ignoredAssumptions = admitAssumptions(this.state, (value) => primary.engine.checkAssume(value));
    const carried = fromUrl ? await this.carriedFrom(name, url) : null;
    this.uid = `calc${++count}`;
    this.form = new CalculatorForm(this.schema, this.decisive(), this.state, this.uid, primary.config.links, () => this.changed());
    this.dice = new DicePickers(this.uid, primary.config.links, () => this.changed());
    this.form.diceErrors = this.dice.errors;
    this.dice.render(this.schema.dice, this.state.dice);
    if (fromUrl) this.form.touchAll();

    const bar = el("div", { class: "calc-bar" });
    this.presets = el("select", { id: `${this.uid}-presets` });
    this.presets.addEventListener("change", () => this.loadExample(this.presets!.value));
    this.presetLabel = el("label", { for: this.presets.id, text: "Worked example " });
    bar.append(el("span", { class: "calc-presets" }, this.presetLabel, this.presets));
    this.fillPresets();
    if (this.candidates.length > 0) {
      this.compareSelect = el("select", { id: `${this.uid}-compare` });
      this.compareSelect.append(new Option(`no other edition`, ""), ...this.candidates.map((c) => new Option(c.title, c.edition, false, c.edition === this.other?.edition)));
      this.compareSelect.addEventListener("change", () => {
        this.setCompare(this.compareSelect!.value).catch((error: unknown) => this.primary?.results.showFailure(`The other edition could not be loaded (${error instanceof Error ? error.message : String(error)}).`));
      });
      bar.append(el("span", { class: "calc-compare-choice" }, el("label", { for: this.compareSelect.id, text: "Compare with " }), this.compareSelect));
    }
    const reset = el("button", { type: "button", text: "Start over" });
    reset.addEventListener("click", () => this.setState(initialState(this.schema!), true));
    bar.append(reset);
    this.assumeNote = el("div", { class: "calc-note" });
    this.rulings = el("div", { class: "calc-rulings-lines" });
    this.shared = el("span", { class: "calc-shared", role: "status" });
    const share = el("button", { type: "button", class: "calc-share", text: "Share" });
    share.addEventListener("click", () => void this.share());
    const rulings = el("div", { class: "calc-rulings" }, this.rulings, el("div", { class: "calc-share-bar" }, share, this.shared));
    this.details = el("div", { class: "calc-details" });
    this.summary = el("p", { class: "calc-differences", "aria-live": "polite" });

    const heading = el("h2", { class: this.hasAttribute("standalone") ? "calc-title visually-hidden" : "calc-title", id: `${this.uid}-title`, text: `${primary.config.title} calculator` });
    // Phone: the form, the dice, then the ruling pinned to the bottom of the screen while the form scrolls under it.
    // Desktop: the form beside the dice and the ruling, which stay at the top of the screen.
    this.body = el("div", { class: "calc-body" },
      el("div", { class: "calc-inputs" }, this.form.root),
      el("div", { class: "calc-answer" }, el("div", { class: "calc-pinned" }, this.dice.root, rulings), this.details));
    const wrapper = el("div", { class: "calc", role: "group", "aria-labelledby": heading.id }, heading, bar, carried, this.assumeNote, this.body);
    this.replaceChildren(wrapper);
    this.layout();
    // The form is shown in a task of its own and the ruling worked out in the next, so that on a slow phone
    // neither keeps the page from answering a tap for long.
    await new Promise((next) => setTimeout(next, 0));
    this.update();
  }

  /**
   * When the link carried a situation over from another edition's calculator (`from-edition`):
   * a note saying so, and naming what this edition has no place for, as that edition names it.
   */
  private async carriedFrom(name: string, url: URL): Promise<HTMLElement | null> {
    const from = url.searchParams.get(FROM_EDITION);
    const [ruleset, edition, procedure] = name.split("/");
    const source = `${ruleset}/${from}/${procedure}`;
    const load = engines[source];
    if (!from || from === edition || !load) return null;
    const dropped = notCarried(this.schema!, (await load()).schema, this.urlPrefix, url);
    const title = pageEditions()[source]?.title ?? from;
    return el("p", { class: "calc-carried", role: "note" }, `The situation came over from ${title}: `,
      dropped.length === 0 ? "every input and die carried." : el("span", {},
        `${dropped.length === 1 ? "one input" : `${dropped.length} inputs`} of it ${dropped.length === 1 ? "is" : "are"} not in this edition and did not carry: `,
        el("strong", { text: dropped.join("; ") }), "."));
  }

  /** The inputs that can change the ruling, of this edition's engine and the compared one's. */
  private decisive(): Set<string> {
    return new Set([this.primary, this.other].flatMap((side) => side?.engine.metadata.decisive.inputs ?? []));
  }

  private unionOrOwn(): EngineSchema {
    const primary = this.primary!;
    if (!this.other) return primary.engine.schema;
    return unionSchema(
      { schema: primary.engine.schema, edition: primary.edition, links: primary.config.links },
      { schema: this.other.engine.schema, edition: this.other.edition, links: this.other.config.links },
    );
  }

  /** The worked examples on offer: this edition's, and the compared edition's (as `edition:id`). */
  private vectors(): { value: string; side: Side; vector: Vector }[] {
    const own = this.primary!.vectors.map((vector) => ({ value: vector.id, side: this.primary!, vector }));
    const other = this.other;
    return other ? [...own, ...other.vectors.map((vector) => ({ value: `${other.edition}:${vector.id}`, side: other, vector }))] : own;
  }

  private fillPresets(): void {
    const presets = this.presets!;
    const all = this.vectors();
    const option = (v: (typeof all)[number]) => new Option(`${v.vector.paragraph}: ${v.vector.title}${v.vector.disputed ? " (disputed)" : ""}`, v.value);
    presets.replaceChildren(new Option(`Choose one of ${all.length} worked example${all.length === 1 ? "" : "s"}…`, ""));
    if (this.other) {
      for (const side of [this.primary!, this.other]) {
        const mine = all.filter((v) => v.side === side);
        if (mine.length === 0) continue;
        const group = el("optgroup");
        group.label = side.title;
        group.append(...mine.map(option));
        presets.append(group);
      }
    } else {
      presets.append(...all.map(option));
    }
    presets.value = this.state?.example ?? "";
    presets.hidden = all.length === 0;
    if (this.presetLabel) this.presetLabel.hidden = all.length === 0;
  }

  /** Where the answers go: one ruling and its details, or with a comparison both side by side under a summary of what differs. */
  private layout(): void {
    const primary = this.primary!;
    this.body!.classList.toggle("comparing", this.other !== null);
    if (!this.other) {
      primary.results.ruling.setAttribute("aria-live", "polite");
      this.rulings!.replaceChildren(el("h3", { class: "visually-hidden", text: "Ruling" }), primary.results.ruling);
      this.details!.replaceChildren(primary.results.root);
      return;
    }
    const ruling = (side: Side) => {
      side.results.ruling.setAttribute("aria-live", "off");
      return el("div", { class: "calc-side-ruling" }, el("span", { class: "calc-edition", text: side.title }), side.results.ruling);
    };
    const column = (side: Side, which: string) => {
      const id = `${this.uid}-${which}-heading`;
      return el("section", { class: "calc-side-answer", "aria-labelledby": id }, el("h3", { id, text: side.title }), side.results.root);
    };
    this.rulings!.replaceChildren(el("h3", { class: "visually-hidden", text: "Rulings in both editions" }), ruling(primary), ruling(this.other), this.summary!);
    this.details!.replaceChildren(el("div", { class: "calc-compare" }, column(primary, "this"), column(this.other, "other")));
  }

  private async setCompare(edition: string): Promise<void> {
    const wanted = this.candidates.find((c) => c.edition === edition);
    this.other = wanted ? await this.side(wanted.name, null) : null;
    this.schema = this.unionOrOwn();
    const state = fitState(this.state!, this.schema);
    if (state.example && !this.vectors().some((v) => v.value === state.example)) {
      state.example = null;
      state.assume = {};
    }
    this.state = state;
    this.form!.setSchema(this.schema, this.decisive(), state);
    this.dice!.render(this.schema.dice, state.dice);
    this.fillPresets();
    this.layout();
    this.update();
  }

  private loadExample(value: string): void {
    const found = this.vectors().find((v) => v.value === value);
    if (!found || !this.schema) return;
    const state = stateOfVector(this.schema, found.vector);
    state.example = value;
    this.setState(state);
  }

  private setState(state: State, pristine = false): void {
    this.state = state;
    this.form?.setState(state, pristine);
    this.dice?.render(this.schema?.dice ?? [], state.dice);
    if (!pristine) this.form?.touchAll();
    if (this.presets) this.presets.value = state.example ?? "";
    this.update();
  }

  private changed(): void {
    this.ignoredAssumptions = [];
    if (this.state?.example) {
      this.state.example = null;
      this.state.assume = {};
      if (this.presets) this.presets.value = "";
    }
    clearTimeout(this.timer);
    this.timer = window.setTimeout(() => this.update(), 60);
  }

  /**
   * Shares the ruling's link: with the device's share sheet where there is one (a phone),
   * else by copying it; said beside the button, where it covers nothing.
   */
  private async share(): Promise<void> {
    this.writeUrl();
    const url = location.href;
    const said = (text: string) => this.shared && (this.shared.textContent = text);
    try {
      if (typeof navigator.share === "function" && matchMedia("(pointer: coarse)").matches) {
        await navigator.share({ title: document.title, url });
        said("Shared");
      } else {
        await navigator.clipboard.writeText(url);
        said("Link copied");
      }
    } catch (error) {
      // Closing the share sheet is not a failure worth a word.
      if (!(error instanceof DOMException && error.name === "AbortError")) said(`Copy the address bar to share (${error instanceof Error ? error.message : String(error)})`);
    }
  }

  private writeUrl(): void {
    if (!this.schema || !this.state) return;
    let next = new URL(location.href);
    if (this.urlSchema && this.urlSchema !== this.schema) next = writeUrl(this.urlSchema, initialState(this.urlSchema), this.urlPrefix, next);
    next = writeUrl(this.schema, this.state, this.urlPrefix, next);
    if (this.other) next.searchParams.set(`${this.urlPrefix}compare`, this.other.edition);
    else next.searchParams.delete(`${this.urlPrefix}compare`);
    // A calculator's own page: the note about where the situation came from has been read.
    if (!this.urlPrefix) next.searchParams.delete(FROM_EDITION);
    this.urlSchema = this.schema;
    if (next.href !== location.href) history.replaceState(history.state, "", next);
    this.carryLinks(next);
  }

  /** The page's links to this calculator in other editions (`data-calc-carry`) take the situation along. */
  private carryLinks(url: URL): void {
    if (this.urlPrefix || !this.primary) return;
    for (const link of document.querySelectorAll<HTMLAnchorElement>("a[data-calc-carry]")) {
      const target = new URL(link.href, location.href);
      target.search = url.search;
      target.searchParams.delete("compare");
      target.searchParams.set(FROM_EDITION, this.primary.edition);
      link.href = target.href;
    }
  }

  private update(): void {
    const { primary, state, form } = this;
    if (!primary || !state || !form) return;
    this.writeUrl();
    if (this.shared) this.shared.textContent = "";
    this.renderAssumptions(state);
    const sides = this.other ? [primary, this.other] : [primary];
    try {
      // Each engine gets only the inputs and dice its own schema declares.
      // Numbers are read as players write them first; a field that is not a number is not given to check().
      const runs = sides.map((side) => {
        const { input, errors: unreadable } = engineInput(side.engine.schema, state);
        const checked = side.engine.check(input);
        const mine = new Set(unreadable.map((e) => e.path));
        return {
          side,
          unreadable,
          checked,
          checkErrors: [...unreadable, ...(checked.ok ? [] : checked.errors.filter((e) => !mine.has(e.path)))],
          dice: side.engine.checkDice(diceFor(side.engine.schema, engineDice(state))),
        };
      });
      const errorsOf = (r: CheckResult<unknown>) => (r.ok ? [] : r.errors);
      const { unplaced, untouched } = form.showErrors(unique(runs.flatMap((r) => r.checkErrors)), unique(runs.flatMap((r) => errorsOf(r.dice))));
      const resolved = runs.map(({ side, checked, dice, unreadable, checkErrors }) => {
        const errors = [...checkErrors, ...errorsOf(dice)];
        if (!checked.ok || !dice.ok || unreadable.length > 0) {
          const blank = [...new Set(errors.filter((e) => untouched.includes(e.path)).map((e) => e.path))];
          if (errors.every((e) => untouched.includes(e.path))) side.results.showPrompt(blank.map((path) => form.labelOf(path)));
          else side.results.showInvalid(errors.filter((e) => !untouched.includes(e.path)).length, unplaced.filter((e) => errors.some((own) => own.path === e.path && own.message === e.message)).map((e) => e.message));
          return null;
        }
        return checked.ok && dice.ok ? this.resolve(side, checked.value, dice.value) : null;
      });
      this.showDifferences(resolved);
    } catch (error) {
      // An engine that throws is a bug, but the reader gets a sentence, not a broken panel.
      primary.results.showFailure(`These inputs could not be worked out (${error instanceof Error ? error.message : String(error)}).`);
    }
  }

  private resolve(side: Side, input: Record<string, Wire>, dice: Record<string, number>): Resolution<Record<string, Wire>> {
    const state = this.state!;
    const found = state.example ? this.vectors().find((v) => v.value === state.example && v.side === side) : undefined;
    const example = found?.vector ?? null;
    // A worked example's assumptions belong to its own edition; those of a link (a chart's cell) to this calculator's.
    const assume = example ? state.assume : !state.example && side === this.primary ? state.assume : {};
    const options: ResolveOptions = { assume, also: example ? Object.keys(example.expect.outputs) : undefined };
    const result = side.engine.resolve(input, dice, options);
    const diceGiven = Object.keys(dice).length > 0;
    const distribution = side.engine.schema.dice.length > 0 && Object.keys(assume).length === 0 ? side.engine.distribution(input) : null;
    side.results.show(result, distribution, diceGiven, example);
    return result;
  }

  /** With a comparison: which answers differ, marked in both panels and summed up above them. */
  private showDifferences(resolved: (Resolution<Record<string, Wire>> | null)[]): void {
    const summary = this.summary;
    const [a, b] = resolved;
    if (!this.other || !summary) return;
    if (!a || !b) {
      summary.textContent = "Both editions' answers are compared once both have the inputs they need.";
      return;
    }
    const differs = differingAnswers(a, b);
    this.primary!.results.markDifferences(differs, this.other.edition);
    this.other.results.markDifferences(differs, this.primary!.edition);
    const labels = [...differs].map((name) => (name === "allowed" ? "whether it is allowed" : (this.primary!.config.labels[name]?.label ?? a.trace.find((s) => s.name === name)?.label ?? name.replace(/_/g, " "))));
    summary.replaceChildren(
      differs.size === 0
        ? "The two editions give the same answers here."
        : el("span", {}, el("strong", { text: `${differs.size} answer${differs.size === 1 ? " differs" : "s differ"}` }), ` between the editions: ${labels.join(", ")}.`),
    );
    summary.classList.toggle("has-differences", differs.size > 0);
  }

  private renderAssumptions(state: State): void {
    if (!this.assumeNote) return;
    const entries = Object.entries(state.assume);
    this.assumeNote.replaceChildren();
    if (this.ignoredAssumptions.length > 0) this.assumeNote.append(el("p", { text: `The link's assumption${this.ignoredAssumptions.length === 1 ? " was" : "s were"} ignored: ${this.ignoredAssumptions.join(", ")}.` }));
    if (entries.length === 0) return;
    const clear = el("button", { type: "button", text: "Drop the assumption" });
    clear.addEventListener("click", () => {
      state.assume = {};
      state.example = null;
      if (this.presets) this.presets.value = "";
      this.update();
    });
    const owner = this.other ? this.vectors().find((v) => v.value === state.example)?.side : undefined;
    const label = (name: string) => this.primary?.config.labels[name]?.label ?? name.replace(/_/g, " ");
    this.assumeNote.append(`${state.example ? "As the worked example does, this" : "This"} assumes ${entries.map(([k, v]) => `${label(k)} = ${typeof v === "object" && v && "text" in v ? v.text : JSON.stringify(v)}`).join(", ")}${owner ? ` (in ${owner.title})` : ""}. `, clear);
  }
}

if (!customElements.get("hexlaw-calculator")) customElements.define("hexlaw-calculator", HexlawCalculator);
