/// <reference types="vite/client" />
// <hexlaw-calculator engine="ocs/4.3/overrun">: a calculator for any procedure the
// compiler generates, built from the engine's `schema` and `metadata` alone. There
// is no code here for any particular procedure.
import type { CheckResult, Distribution, EngineSchema, Resolution, ResolveOptions, Wire } from "../../compiler/runtime/runtime.ts";
import { CalculatorForm, el } from "./form.ts";
import { ResultsView, type Config, type Metadata } from "./results.ts";
import { engineDice, engineInput, initialState, readUrl, stateOfVector, writeUrl, type State } from "./state.ts";

interface Engine {
  metadata: Metadata & { title: string; procedure: string; paragraph: string };
  schema: EngineSchema;
  check(value: unknown): CheckResult<Record<string, Wire>>;
  checkDice(value: unknown): CheckResult<Record<string, number>>;
  resolve(input: unknown, dice?: unknown, options?: ResolveOptions): Resolution<Record<string, Wire>>;
  distribution(input: unknown): Distribution<Record<string, Wire>>;
}

interface Vector {
  id: string;
  title: string;
  paragraph: string;
  disputed: string | null;
  input: Record<string, Wire>;
  dice: Record<string, number>;
  assume: Record<string, Wire>;
  expect: { allowed?: boolean; outputs: Record<string, Wire> };
}

const engines = import.meta.glob<Engine>("../../generated/*/*/*.ts");
const vectorFiles = import.meta.glob<{ vectors: Vector[] }>("../../generated/*/*/*.vectors.json", { import: "default" });

let count = 0;

class HexlawCalculator extends HTMLElement {
  private engine: Engine | null = null;
  private vectors: Vector[] = [];
  private state: State | null = null;
  private form: CalculatorForm | null = null;
  private results: ResultsView | null = null;
  private presets: HTMLSelectElement | null = null;
  private assumeNote: HTMLElement | null = null;
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
    this.replaceChildren(el("p", { class: "verdict invalid", role: "alert", text: message }));
  }

  private async load(): Promise<void> {
    const name = this.getAttribute("engine") ?? "";
    const loadEngine = engines[`../../generated/${name}.ts`];
    if (!loadEngine) return this.fail(`There is no engine called “${name}”.`);
    const [engine, vectors] = await Promise.all([loadEngine(), vectorFiles[`../../generated/${name}.vectors.json`]?.().catch(() => ({ vectors: [] })) ?? { vectors: [] }]);
    this.engine = engine;
    this.vectors = vectors.vectors;
    let config: Config;
    try {
      config = JSON.parse(this.getAttribute("config") ?? "null") ?? undefined;
    } catch {
      config = undefined as unknown as Config;
    }
    config ??= { title: engine.metadata.title, paragraph: engine.metadata.paragraph, labels: {}, links: {} };
    const uid = `calc${++count}`;
    const fromUrl = readUrl(engine.schema, this.urlPrefix, new URL(location.href));
    this.state = fromUrl ?? initialState(engine.schema);
    this.form = new CalculatorForm(engine.schema, this.state, uid, config.links, () => this.changed());
    if (fromUrl) this.form.touchAll();
    this.results = new ResultsView(config, engine.metadata);

    const bar = el("div", { class: "calc-bar" });
    if (this.vectors.length > 0) {
      const id = `${uid}-presets`;
      this.presets = el("select", { id });
      this.presets.append(new Option(`Choose one of ${this.vectors.length} worked example${this.vectors.length === 1 ? "" : "s"}…`, ""));
      for (const v of this.vectors) this.presets.append(new Option(`${v.paragraph}: ${v.title}${v.disputed ? " (disputed)" : ""}`, v.id));
      this.presets.value = this.state.example ?? "";
      this.presets.addEventListener("change", () => this.loadExample(this.presets!.value));
      bar.append(el("label", { for: id, text: "Load a worked example " }), this.presets);
    }
    const reset = el("button", { type: "button", text: "Start over" });
    reset.addEventListener("click", () => this.setState(initialState(engine.schema), true));
    const share = el("button", { type: "button", text: "Copy link to this ruling" });
    share.addEventListener("click", () => {
      this.writeUrl();
      navigator.clipboard?.writeText(location.href).then(() => {
        const toast = document.querySelector<HTMLElement>("[data-toast]");
        if (toast) {
          toast.textContent = "Copied the link to this ruling";
          toast.classList.add("show");
          setTimeout(() => toast.classList.remove("show"), 2200);
        }
      }, () => undefined);
    });
    bar.append(reset, share);
    this.assumeNote = el("div", { class: "calc-note" });

    const heading = el("h2", { class: this.hasAttribute("standalone") ? "calc-title visually-hidden" : "calc-title", id: `${uid}-title`, text: `${config.title} calculator` });
    const wrapper = el("div", { class: "calc", role: "group", "aria-labelledby": heading.id }, heading, bar, this.assumeNote,
      el("div", { class: "calc-body" }, el("div", { class: "calc-inputs" }, this.form.root), el("div", { class: "calc-answer" }, el("h2", { text: "Answer" }), this.results.root)));
    this.replaceChildren(wrapper);
    this.update();
  }

  private loadExample(id: string): void {
    const vector = this.vectors.find((v) => v.id === id);
    if (!vector || !this.engine) return;
    this.setState(stateOfVector(this.engine.schema, vector));
  }

  private setState(state: State, pristine = false): void {
    this.state = state;
    this.form?.setState(state, pristine);
    if (!pristine) this.form?.touchAll();
    if (this.presets) this.presets.value = state.example ?? "";
    this.update();
  }

  private changed(): void {
    if (this.state?.example) {
      this.state.example = null;
      this.state.assume = {};
      if (this.presets) this.presets.value = "";
    }
    clearTimeout(this.timer);
    this.timer = window.setTimeout(() => this.update(), 60);
  }

  private writeUrl(): void {
    if (!this.engine || !this.state) return;
    const next = writeUrl(this.engine.schema, this.state, this.urlPrefix, new URL(location.href));
    if (next.href !== location.href) history.replaceState(history.state, "", next);
  }

  private update(): void {
    const engine = this.engine;
    const state = this.state;
    if (!engine || !state || !this.form || !this.results) return;
    this.writeUrl();
    this.renderAssumptions(state);
    try {
      const checked = engine.check(engineInput(engine.schema, state));
      const dice = engine.checkDice(engineDice(state));
      const { unplaced, untouched } = this.form.showErrors(checked.ok ? [] : checked.errors, dice.ok ? [] : dice.errors);
      if (!checked.ok || !dice.ok) {
        const count = (checked.ok ? 0 : checked.errors.length) + (dice.ok ? 0 : dice.errors.length);
        if (count === untouched.length) this.results.showPrompt(untouched.map((path) => this.form!.labelOf(path)));
        else this.results.showInvalid(count - untouched.length, unplaced.map((e) => e.message));
        return;
      }
      const example = state.example ? (this.vectors.find((v) => v.id === state.example) ?? null) : null;
      const also = example ? Object.keys(example.expect.outputs) : undefined;
      const options: ResolveOptions = { assume: state.assume, also };
      const result = engine.resolve(checked.value, dice.value, options);
      const diceGiven = Object.keys(dice.value).length > 0;
      const distribution = engine.schema.dice.length > 0 && Object.keys(state.assume).length === 0 ? engine.distribution(checked.value) : null;
      this.results.show(result, distribution, diceGiven, example);
    } catch (error) {
      // An engine that throws is a bug, but the reader gets a sentence, not a broken panel.
      this.results.showFailure(`These inputs could not be worked out (${error instanceof Error ? error.message : String(error)}).`);
    }
  }

  private renderAssumptions(state: State): void {
    if (!this.assumeNote) return;
    const entries = Object.entries(state.assume);
    this.assumeNote.replaceChildren();
    if (entries.length === 0) return;
    const clear = el("button", { type: "button", text: "Drop the assumption" });
    clear.addEventListener("click", () => {
      state.assume = {};
      state.example = null;
      if (this.presets) this.presets.value = "";
      this.update();
    });
    this.assumeNote.append(`As the worked example does, this assumes ${entries.map(([k, v]) => `${k.replace(/_/g, " ")} = ${typeof v === "object" && v && "text" in v ? v.text : JSON.stringify(v)}`).join(", ")}. `, clear);
  }
}

if (!customElements.get("hexlaw-calculator")) customElements.define("hexlaw-calculator", HexlawCalculator);
