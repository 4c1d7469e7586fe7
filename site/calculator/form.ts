// A form built from nothing but an engine's input schema and what the compiler
// says decides the ruling: the situation, then one group per side (a list input)
// with one row per unit. A field is shown when it must be filled in, or when it is
// a choice among named options (an enumeration) that can change the ruling; the
// rest — markers and counts that keep their usual values — are folded under a line
// that shows their values. A side explains its columns once, not once per unit.
// Errors from `check()` appear next to the field they are about.
import type { EngineSchema, FieldSchema, InputError } from "../../compiler/runtime/runtime.ts";
import { boundsText } from "../../compiler/runtime/bounds.ts";
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
  /** How the reader names the field: "Attacking unit 2: Combat Strength". */
  label: string;
}

/** A field's value as the folded line shows it: "Open", "1", "—". */
function valueText(field: FieldSchema, raw: Raw | undefined): string {
  const t = field.type;
  const text = String(raw ?? "").trim();
  if (text === "") return field.default !== undefined && field.default !== "" && field.default !== null ? String(field.default) : "—";
  if (t.kind === "enum") return t.members.find((m) => m.name === text)?.label ?? text;
  return text;
}

/**
 * The folded line's account of its fields: a marker (a checkbox) by its label when it is
 * ticked and not at all when it is not; a text left blank not at all; any other field by its
 * label and value ("Steps 1").
 */
function foldedValues(fields: readonly FieldSchema[], target: Record<string, Raw>): (Node | string)[] {
  const shown = fields.flatMap((f) => {
    if (f.type.kind === "boolean") return target[f.name] === true ? [[f.label]] : [];
    const value = valueText(f, target[f.name]);
    if (f.type.kind === "text" && value === "—") return [];
    return [[`${f.label} `, el("strong", { text: value })]];
  });
  return shown.length === 0 ? ["none marked"] : shown.flatMap((parts, i) => [i > 0 ? " · " : "", ...parts]);
}

/** How wide a unit's column is: a number as wide as its largest value, a choice as its longest label. */
function columnWidth(field: FieldSchema): string {
  const t = field.type;
  if (t.kind === "enum") return `minmax(4.2rem, ${Math.min(12, Math.max(4.5, 0.55 * Math.max(...t.members.map((m) => m.label.length)) + 2))}rem)`;
  if (t.kind === "integer" && t.max !== undefined && t.max < 10 && (t.min ?? 0) >= 0) return "2.4rem";
  // Wide enough for a header word such as "Movement" at the header's size (0.66rem), so headers never touch.
  if (t.kind === "number" || t.kind === "integer") return "3.4rem";
  return "minmax(4rem, 8rem)";
}

export class CalculatorForm {
  readonly root: HTMLElement;
  private readonly slots = new Map<string, Slot>();
  private schema: EngineSchema;
  private decisive: ReadonlySet<string>;
  private readonly uid: string;
  private state: State;
  private readonly changed: () => void;
  private readonly links: Record<string, string>;
  /** Fields the reader has changed: a blank required field is an error only once touched. */
  private readonly touched = new Set<string>();
  /** Errors of dice, shown by the dice pickers. */
  diceErrors = new Map<string, HTMLElement>();

  constructor(schema: EngineSchema, decisive: ReadonlySet<string>, state: State, uid: string, links: Record<string, string>, changed: () => void) {
    this.schema = schema;
    this.decisive = decisive;
    this.state = state;
    this.uid = uid;
    this.links = links;
    this.changed = changed;
    this.root = el("div", { class: "calc-form" });
    this.render();
  }

  /** Another schema (a comparison begun or ended): the fields the reader touched stay touched. */
  setSchema(schema: EngineSchema, decisive: ReadonlySet<string>, state: State): void {
    this.schema = schema;
    this.decisive = decisive;
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
    const situation = scalars.length > 0
      ? el("fieldset", { class: "calc-situation" }, el("legend", { text: "Situation" }), ...this.fields(scalars, (f) => f.name, this.state.values, "", "the situation"))
      : null;
    this.root.replaceChildren(situation ?? "", ...lists.map((f) => this.listFieldset(f)));
  }

  /**
   * Whether a field is shown unfolded: it must be filled in, or it is a choice among named
   * options that can change the ruling (`path` as the compiler names it: `attackers.mode`).
   */
  private shown(field: FieldSchema, path: string): boolean {
    return field.default === undefined || (field.type.kind === "enum" && this.decisive.has(path));
  }

  /** The fields of a group the form folds, under a line that shows their values. */
  private fold(folded: readonly FieldSchema[], pathOf: (f: FieldSchema) => string, target: Record<string, Raw>, prefix: string, whose: string): HTMLElement {
    const line = el("span", { class: "calc-more-values" });
    const refresh = () => line.replaceChildren(...foldedValues(folded, target));
    refresh();
    const details = el("details", { class: "calc-more" },
      el("summary", {}, el("span", { class: "calc-more-title" }, "More", el("span", { class: "visually-hidden", text: ` about ${whose}` }), ": "), line),
      el("div", { class: "calc-fields" }, ...folded.map((f) => this.field(f, pathOf(f), target, f.name, prefix))));
    details.addEventListener("input", refresh);
    details.addEventListener("change", refresh);
    return details;
  }

  /** The fields of one group: those shown as fields with their help, the others folded. */
  private fields(fields: readonly FieldSchema[], pathOf: (f: FieldSchema) => string, target: Record<string, Raw>, prefix: string, whose: string): HTMLElement[] {
    const open = fields.filter((f) => this.shown(f, pathOf(f)));
    const folded = fields.filter((f) => !open.includes(f));
    return [
      el("div", { class: "calc-fields" }, ...open.map((f) => this.field(f, pathOf(f), target, f.name, prefix))),
      ...(folded.length > 0 ? [this.fold(folded, pathOf, target, prefix, whose)] : []),
    ];
  }

  private help(field: FieldSchema): HTMLElement {
    const bits: string[] = [];
    const t = field.type;
    if ((t.kind === "number" || t.kind === "integer") && (t.min !== undefined || t.max !== undefined)) bits.push(boundsText(t));
    if ((t.kind === "number" || t.kind === "integer") && t.orAll) bits.push("or “all”");
    const help = el("span", { class: "help" }, `${field.description}${bits.length ? ` (${bits.join(", ")})` : ""}`);
    // A field of a comparison that only one edition has: it says which, and cites that edition's paragraph.
    const only = (field as ComparedField).only;
    const href = only ? only.href : field.paragraph && this.links[field.paragraph];
    if (field.paragraph && href) help.append(" ", el("a", { href, text: field.paragraph }));
    if (only) help.append(" ", el("span", { class: "only-in", text: `only in ${only.edition}` }));
    return help;
  }

  /**
   * One input; `path` is how check() names it (`attackers[0].strength`); `prefix` says whose it
   * is ("Attacking unit 1: "). In a unit's row (`cell`) the label is for screen readers, the
   * help is the side's (its id given), and the error goes where the row puts it.
   */
  private field(field: FieldSchema, path: string, target: Record<string, Raw>, key: string, prefix: string, cell?: { helpId: string; errors: HTMLElement }): HTMLElement {
    const id = `${this.uid}-${path.replace(/[^\w-]/g, "-")}`;
    const error = el("span", { class: "error", id: `${id}-error`, hidden: "" });
    const help = cell ? null : this.help(field);
    if (help) help.id = `${id}-help`;
    const t = field.type;
    let control: HTMLInputElement | HTMLSelectElement;
    const raw = target[key];
    const label = cell ? el("label", { for: id, class: "visually-hidden", text: `${prefix}${field.label}` }) : el("label", { for: id, text: field.label });
    const register = (c: HTMLInputElement | HTMLSelectElement) => {
      c.setAttribute("aria-describedby", `${help?.id ?? cell!.helpId} ${error.id}`);
      this.slots.set(path, { control: c, error, label: `${prefix}${field.label}` });
      if (cell) cell.errors.append(error);
    };
    if (t.kind === "boolean") {
      control = el("input", { type: "checkbox", id });
      control.checked = raw === true;
      control.addEventListener("change", () => {
        this.touched.add(path);
        target[key] = (control as HTMLInputElement).checked;
        this.changed();
      });
      register(control);
      return cell ? el("div", { class: "cell check" }, control, label) : el("div", { class: "field check" }, control, label, help!, error);
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
        class: numeric ? "num" : "",
      });
      const placeholder = field.default !== undefined && field.default !== "" && field.default !== null ? `${field.default}` : t.kind === "odds" ? "3:1" : t.kind === "range" ? "9 or more" : "";
      if (placeholder) control.placeholder = placeholder;
      control.value = String(raw ?? "");
    }
    control.addEventListener("input", () => {
      this.touched.add(path);
      target[key] = control.value;
      this.changed();
    });
    register(control);
    return cell ? el("div", { class: "cell" }, label, control) : el("div", { class: "field" }, label, control, help!, error);
  }

  /**
   * A side: its units one row each under the columns' names, what each column means said
   * once (and read out with each field), and each unit's other fields folded under its row.
   */
  private listFieldset(field: FieldSchema): HTMLElement {
    if (field.type.kind !== "list") return el("div");
    const record = this.schema.records[field.type.of];
    const rows = this.state.lists[field.name];
    const { minItems = 0, maxItems = Infinity } = field.type;
    const fields = record?.fields ?? [];
    const columns = fields.filter((f) => this.shown(f, `${field.name}.${f.name}`));
    const folded = fields.filter((f) => !columns.includes(f));
    const sideId = `${this.uid}-${field.name}`;
    const fieldset = el("fieldset", { class: "calc-side" }, el("legend", { id: `${sideId}-legend`, text: field.label }), this.help(field));
    const errorSlot = el("span", { class: "error", id: `${sideId}-error`, hidden: "" });
    this.slots.set(field.name, { control: el("input"), error: errorSlot, label: field.label });
    const noun = record?.label ?? "Item";
    // What each column means, once for the side.
    const about = el("details", { class: "calc-about" }, el("summary", {}, "What to enter", el("span", { class: "visually-hidden", text: ` for ${field.label.toLowerCase()}` })),
      el("dl", {}, ...columns.flatMap((f) => {
        const help = this.help(f);
        help.id = `${sideId}-${f.name}-help`;
        return [el("dt", { text: f.label }), el("dd", {}, help)];
      })));
    // The last column takes what the fields leave, so a unit's folded line spans the side even when it has one field.
    const grid = el("div", { class: "calc-units", style: `grid-template-columns: 1rem ${columns.map(columnWidth).join(" ")} minmax(0, 1fr)` },
      el("div", { class: "calc-unit-head", "aria-hidden": "true" }, el("span"), ...columns.map((f) => el("span", { text: f.label }))));
    rows.forEach((row, i) => {
      const title = `${noun} ${i + 1}`;
      const prefix = `${title}: `;
      const remove = el("button", { type: "button", class: "calc-remove", text: "✕", "aria-label": `Remove ${title.toLowerCase()}`, title: `Remove ${title.toLowerCase()}` });
      if (rows.length <= Math.max(1, minItems)) remove.disabled = true;
      remove.addEventListener("click", () => {
        rows.splice(i, 1);
        this.render();
        this.changed();
      });
      const named = typeof row.name === "string" && row.name ? `: ${row.name}` : "";
      const errors = el("div", { class: "calc-unit-errors" });
      const pathOf = (f: FieldSchema) => `${field.name}[${i}].${f.name}`;
      const cells = columns.map((f) => this.field(f, pathOf(f), row as Row, f.name, prefix, { helpId: `${sideId}-${f.name}-help`, errors }));
      // A group named by the unit (a fieldset cannot be a row of its side's grid).
      const titleId = `${sideId}-${i}-title`;
      grid.append(el("div", { class: "calc-unit", role: "group", "aria-labelledby": titleId },
        el("span", { class: "calc-unit-n" }, el("span", { "aria-hidden": "true", text: String(i + 1) }), el("span", { class: "visually-hidden", id: titleId, text: `${title}${named}` })),
        ...cells, errors,
        el("div", { class: "calc-unit-more" }, folded.length > 0 ? this.fold(folded, pathOf, row as Row, prefix, title.toLowerCase()) : null, remove)));
    });
    const add = el("button", { type: "button", text: `Add ${noun.toLowerCase()}` });
    if (rows.length >= maxItems) add.disabled = true;
    add.addEventListener("click", () => {
      rows.push(rowDefaults(fields));
      this.render();
      this.changed();
      this.slots.get(`${field.name}[${rows.length - 1}].${(columns[0] ?? fields[0])?.name}`)?.control.focus();
    });
    fieldset.append(errorSlot, grid, el("div", { class: "calc-bar" }, add, about));
    return fieldset;
  }

  /** Marks every field as touched (a state from a link or an example is shown with all its errors). */
  touchAll(): void {
    for (const path of this.slots.keys()) this.touched.add(path);
  }

  /** A field as the reader names it, for the line saying what is still to fill in. */
  labelOf(path: string): string {
    return this.slots.get(path)?.label ?? path;
  }

  /**
   * Shows each error next to its field or die. Returns the errors no field could
   * show, and the fields still blank that were never touched (not yet errors).
   */
  showErrors(errors: InputError[], diceErrors: InputError[]): { unplaced: InputError[]; untouched: string[] } {
    const places = [...this.slots.values(), ...[...this.diceErrors.values()].map((error) => ({ error, control: null }))];
    for (const slot of places) {
      slot.error.hidden = true;
      slot.error.textContent = "";
      slot.control?.removeAttribute("aria-invalid");
    }
    const unplaced: InputError[] = [];
    const untouched: string[] = [];
    const show = (error: HTMLElement, message: string) => {
      error.hidden = false;
      error.textContent = error.textContent ? `${error.textContent}; ${message}` : message;
    };
    for (const error of diceErrors) {
      const place = this.diceErrors.get(error.path);
      if (place) show(place, error.message);
      else unplaced.push(error);
    }
    for (const error of errors) {
      const slot = this.slots.get(error.path) ?? this.slots.get(error.path.replace(/\[\d+\]$/, ""));
      if (!slot) {
        unplaced.push(error);
        continue;
      }
      if (!this.touched.has(error.path) && / is required$/.test(error.message)) {
        untouched.push(error.path);
        continue;
      }
      show(slot.error, error.message);
      slot.control.setAttribute("aria-invalid", "true");
      // A folded field with an error is unfolded, so the reader sees it.
      const fold = slot.control.closest("details");
      if (fold) fold.open = true;
    }
    return { unplaced, untouched };
  }
}
