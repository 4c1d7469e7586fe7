// A form built from nothing but an engine's input schema: one field per input,
// one row of fields per unit of a list, one field per die. Errors from `check()`
// appear next to the field they are about.
import type { DiceSpec, EngineSchema, FieldSchema, InputError } from "../../compiler/runtime/runtime.ts";
import type { ComparedField } from "./compare.ts";
import { rowDefaults, type Raw, type Row, type State } from "./state.ts";

export const el = <K extends keyof HTMLElementTagNameMap>(tag: K, props: Record<string, string> = {}, ...children: (Node | string | null | false | undefined)[]): HTMLElementTagNameMap[K] => {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(props)) {
    if (key === "class") node.className = value;
    else if (key === "text") node.textContent = value;
    else node.setAttribute(key, value);
  }
  for (const child of children) if (child) node.append(child);
  return node;
};

interface Slot {
  control: HTMLInputElement | HTMLSelectElement;
  error: HTMLElement;
  help: HTMLElement;
}

export class CalculatorForm {
  readonly root: HTMLElement;
  private readonly slots = new Map<string, Slot>();
  private schema: EngineSchema;
  private readonly uid: string;
  private state: State;
  private readonly changed: () => void;
  private readonly links: Record<string, string>;
  /** Fields the reader has changed: a blank required field is an error only once touched. */
  private readonly touched = new Set<string>();

  constructor(schema: EngineSchema, state: State, uid: string, links: Record<string, string>, changed: () => void) {
    this.schema = schema;
    this.state = state;
    this.uid = uid;
    this.links = links;
    this.changed = changed;
    this.root = el("div", { class: "calc-form" });
    this.render();
  }

  /** Another schema (a comparison begun or ended): the fields the reader touched stay touched. */
  setSchema(schema: EngineSchema, state: State): void {
    this.schema = schema;
    this.state = state;
    this.render();
  }

  setState(state: State, pristine = false): void {
    this.state = state;
    if (pristine) this.touched.clear();
    this.render();
  }

  private render(): void {
    this.slots.clear();
    const scalars = this.schema.inputs.filter((f) => f.type.kind !== "list");
    const lists = this.schema.inputs.filter((f) => f.type.kind === "list");
    const situation = el("fieldset", {}, el("legend", { text: "Situation" }), ...scalars.map((f) => this.field(f, f.name, this.state.values, f.name)));
    const dice = this.schema.dice.length > 0 ? this.diceFieldset() : null;
    this.root.replaceChildren(el("div", { class: "calc-grid" }, el("div", {}, situation, dice), el("div", {}, ...lists.map((f) => this.listFieldset(f)))));
  }

  private help(field: FieldSchema): HTMLElement {
    const bits: string[] = [];
    const t = field.type;
    if ((t.kind === "number" || t.kind === "integer") && (t.min !== undefined || t.max !== undefined)) {
      bits.push(t.min !== undefined && t.max !== undefined ? `${t.min} to ${t.max}` : t.min !== undefined ? `at least ${t.min}` : `at most ${t.max}`);
    }
    if ((t.kind === "number" || t.kind === "integer") && t.orAll) bits.push("or “all”");
    const help = el("span", { class: "help" }, `${field.description}${bits.length ? ` (${bits.join(", ")})` : ""}`);
    // A field of a comparison that only one edition has: it says which, and cites that edition's paragraph.
    const only = (field as ComparedField).only;
    const href = only ? only.href : field.paragraph && this.links[field.paragraph];
    if (field.paragraph && href) help.append(" ", el("a", { href, text: field.paragraph }));
    if (only) help.append(" ", el("span", { class: "only-in", text: `only in ${only.edition}` }));
    return help;
  }

  /** One input; `path` is how check() names it (`attackers[0].strength`). */
  private field(field: FieldSchema, path: string, target: Record<string, Raw>, key: string): HTMLElement {
    const id = `${this.uid}-${path.replace(/[^\w-]/g, "-")}`;
    const error = el("span", { class: "error", id: `${id}-error`, hidden: "" });
    const help = this.help(field);
    help.id = `${id}-help`;
    const t = field.type;
    let control: HTMLInputElement | HTMLSelectElement;
    const raw = target[key];
    if (t.kind === "boolean") {
      control = el("input", { type: "checkbox", id });
      control.checked = raw === true;
      control.addEventListener("change", () => {
        this.touched.add(path);
        target[key] = (control as HTMLInputElement).checked;
        this.changed();
      });
      this.slots.set(path, { control, error, help });
      control.setAttribute("aria-describedby", `${help.id} ${error.id}`);
      return el("div", { class: "field check" }, control, el("label", { for: id, text: field.label }), help, error);
    }
    if (t.kind === "enum") {
      control = el("select", { id });
      if (t.orNone || field.default === undefined) control.append(new Option(field.optional ? "— not known yet —" : t.orNone ? "— none —" : "— choose —", ""));
      for (const m of t.members) control.append(new Option(m.label, m.name, false, raw === m.name));
      control.value = String(raw ?? "");
    } else {
      const numeric = t.kind === "number" || t.kind === "integer";
      control = el("input", {
        type: "text",
        id,
        inputmode: numeric && !("orAll" in t && t.orAll) ? (t.kind === "integer" ? "numeric" : "decimal") : "text",
        autocomplete: "off",
        spellcheck: "false",
      });
      const placeholder = field.default !== undefined && field.default !== "" ? `default ${field.default}` : t.kind === "odds" ? "3:1" : t.kind === "range" ? "9 or more" : "";
      if (placeholder) control.placeholder = placeholder;
      control.value = String(raw ?? "");
    }
    control.addEventListener("input", () => {
      this.touched.add(path);
      target[key] = control.value;
      this.changed();
    });
    control.setAttribute("aria-describedby", `${help.id} ${error.id}`);
    this.slots.set(path, { control, error, help });
    return el("div", { class: "field" }, el("label", { for: id, text: field.label }), control, help, error);
  }

  private listFieldset(field: FieldSchema): HTMLElement {
    if (field.type.kind !== "list") return el("div");
    const record = this.schema.records[field.type.of];
    const rows = this.state.lists[field.name];
    const { minItems = 0, maxItems = Infinity } = field.type;
    const fields = record?.fields ?? [];
    const fieldset = el("fieldset", { class: "unit-list" }, el("legend", { text: field.label }), this.help(field));
    const errorSlot = el("span", { class: "error", id: `${this.uid}-${field.name}-error`, hidden: "" });
    this.slots.set(field.name, { control: el("input"), error: errorSlot, help: el("span") });
    fieldset.append(errorSlot);
    const noun = record?.label ?? "item";
    rows.forEach((row, i) => {
      const essential = fields.filter((f) => f.default === undefined || row[f.name] !== rowDefaults([f])[f.name]);
      const rest = fields.filter((f) => !essential.includes(f));
      const remove = el("button", { type: "button", text: "Remove", "aria-label": `Remove ${noun.toLowerCase()} ${i + 1}` });
      if (rows.length <= Math.max(1, minItems)) remove.disabled = true;
      remove.addEventListener("click", () => {
        rows.splice(i, 1);
        this.render();
        this.changed();
      });
      const unit = el("div", { class: "unit-row", role: "group", "aria-label": `${noun} ${i + 1}` },
        el("div", { class: "unit-head" }, el("span", { text: `${noun} ${i + 1}${typeof row.name === "string" && row.name ? `: ${row.name}` : ""}` }), remove),
        el("div", { class: "unit-fields" }, ...essential.map((f) => this.field(f, `${field.name}[${i}].${f.name}`, row as Row, f.name))),
      );
      if (rest.length > 0) {
        unit.append(el("details", {}, el("summary", { text: `More about ${noun.toLowerCase()} ${i + 1} (${rest.length} with defaults)` }),
          el("div", { class: "unit-fields" }, ...rest.map((f) => this.field(f, `${field.name}[${i}].${f.name}`, row as Row, f.name)))));
      }
      fieldset.append(unit);
    });
    const add = el("button", { type: "button", text: `Add ${noun.toLowerCase()}` });
    if (rows.length >= maxItems) add.disabled = true;
    add.addEventListener("click", () => {
      rows.push(rowDefaults(fields));
      this.render();
      this.changed();
      this.slots.get(`${field.name}[${rows.length - 1}].${fields[0]?.name}`)?.control.focus();
    });
    fieldset.append(el("div", { class: "calc-bar" }, add));
    return fieldset;
  }

  private diceFieldset(): HTMLElement {
    const fieldset = el("fieldset", { class: "dice" }, el("legend", { text: "Dice (optional)" }),
      el("p", { class: "calc-note", text: "Leave blank to see every outcome's chance; enter the rolls to get the result and its working." }));
    for (const die of this.schema.dice) {
      const fake: ComparedField = { name: die.name, label: `${die.label} (${die.count}d${die.sides})`, description: `Total rolled, ${die.count} to ${die.count * die.sides}`, paragraph: die.paragraph, type: { kind: "integer", min: die.count, max: die.count * die.sides }, only: (die as DiceSpec & { only?: ComparedField["only"] }).only };
      const wrapper = this.field(fake, die.name, this.state.dice as Record<string, Raw>, die.name);
      (this.slots.get(die.name)!.control as HTMLInputElement).inputMode = "numeric";
      fieldset.append(wrapper);
    }
    const roll = el("button", { type: "button", text: "Roll the dice" });
    roll.addEventListener("click", () => {
      for (const die of this.schema.dice) this.state.dice[die.name] = String(rollTotal(die));
      this.render();
      this.changed();
    });
    const clear = el("button", { type: "button", text: "Clear dice" });
    clear.addEventListener("click", () => {
      this.state.dice = {};
      this.render();
      this.changed();
    });
    fieldset.append(el("div", { class: "calc-bar" }, roll, clear));
    return fieldset;
  }

  /** Marks every field as touched (a state from a link or an example is shown with all its errors). */
  touchAll(): void {
    for (const path of this.slots.keys()) this.touched.add(path);
  }

  /** A field's label, for the summary of what is still to fill in. */
  labelOf(path: string): string {
    const slot = this.slots.get(path);
    return slot ? (this.root.querySelector(`label[for="${slot.control.id}"]`)?.textContent ?? path) : path;
  }

  /**
   * Shows each error next to its field. Returns the errors no field could show,
   * and the fields still blank that were never touched (not yet errors).
   */
  showErrors(errors: InputError[], diceErrors: InputError[]): { unplaced: InputError[]; untouched: string[] } {
    for (const slot of this.slots.values()) {
      slot.error.hidden = true;
      slot.error.textContent = "";
      slot.control.removeAttribute("aria-invalid");
    }
    const unplaced: InputError[] = [];
    const untouched: string[] = [];
    for (const error of [...errors, ...diceErrors]) {
      const slot = this.slots.get(error.path) ?? this.slots.get(error.path.replace(/\[\d+\]$/, ""));
      if (!slot) {
        unplaced.push(error);
        continue;
      }
      if (!this.touched.has(error.path) && / is required$/.test(error.message)) {
        untouched.push(error.path);
        continue;
      }
      slot.error.hidden = false;
      slot.error.textContent = slot.error.textContent ? `${slot.error.textContent}; ${error.message}` : error.message;
      slot.control.setAttribute("aria-invalid", "true");
    }
    return { unplaced, untouched };
  }
}

function rollTotal(die: DiceSpec): number {
  let total = 0;
  for (let i = 0; i < die.count; i++) total += 1 + Math.floor(Math.random() * die.sides);
  return total;
}
