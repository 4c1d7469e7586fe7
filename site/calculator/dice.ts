// Dice entered with one tap: for each die a row of every total it can show
// (2–12 for 2d6, 1–6 for 1d6), and "roll for me" with the browser's
// cryptographic random numbers. Built from the schema's dice alone.
import type { DiceSpec } from "../../compiler/runtime/runtime.ts";
import type { ComparedField } from "./compare.ts";
import { el } from "./form.ts";

/** Totals a picker offers at most; a die with more (1d100) is typed instead. */
const MAX_TOTALS = 24;

/** One fair roll of `count` dice of `sides` sides, from crypto.getRandomValues (rejection sampling: no modulo bias). */
export function rollDice(count: number, sides: number): number {
  const limit = Math.floor(0x1_0000_0000 / sides) * sides;
  const word = new Uint32Array(1);
  let total = 0;
  for (let i = 0; i < count; i++) {
    do crypto.getRandomValues(word);
    while (word[0] >= limit);
    total += 1 + (word[0] % sides);
  }
  return total;
}

type Die = DiceSpec & { only?: ComparedField["only"] };

export class DicePickers {
  readonly root = el("fieldset", { class: "calc-dice" });
  private dice: readonly Die[] = [];
  private values: Record<string, string> = {};
  private readonly uid: string;
  private readonly links: Record<string, string>;
  private readonly changed: () => void;

  constructor(uid: string, links: Record<string, string>, changed: () => void) {
    this.uid = uid;
    this.links = links;
    this.changed = changed;
  }

  /** Shows the pickers of `dice`, reading and writing `values` (totals as typed, "" when not rolled). */
  render(dice: readonly Die[], values: Record<string, string>): void {
    this.dice = dice;
    this.values = values;
    if (dice.length === 0) {
      this.root.hidden = true;
      return;
    }
    this.root.hidden = false;
    const roll = el("button", { type: "button", class: "calc-roll", text: dice.length === 1 ? "Roll for me" : "Roll all for me" });
    roll.addEventListener("click", () => {
      for (const die of this.dice) this.values[die.name] = String(rollDice(die.count, die.sides));
      this.render(this.dice, this.values);
      this.changed();
    });
    const clear = el("button", { type: "button", text: "Clear" });
    clear.addEventListener("click", () => {
      for (const die of this.dice) delete this.values[die.name];
      this.render(this.dice, this.values);
      this.changed();
    });
    this.root.replaceChildren(el("legend", { text: "Dice" }), ...dice.map((die) => this.picker(die)), el("div", { class: "calc-dice-actions" }, roll, clear));
  }

  /** Where a die's error is shown, by its name. */
  readonly errors = new Map<string, HTMLElement>();

  private picker(die: Die): HTMLElement {
    const id = `${this.uid}-die-${die.name}`;
    const label = `${die.label} (${die.count}d${die.sides})`;
    const error = el("span", { class: "error", id: `${id}-error`, hidden: "" });
    this.errors.set(die.name, error);
    const cite = die.only?.href ?? (die.paragraph ? this.links[die.paragraph] : undefined);
    const head = el("span", { class: "die-label", id: `${id}-label` }, label, cite ? " " : null, cite ? el("a", { href: cite, class: "cite", text: die.paragraph }) : null,
      die.only ? el("span", { class: "only-in", text: `only in ${die.only.edition}` }) : null);
    const low = die.count;
    const high = die.count * die.sides;
    const current = this.values[die.name] ?? "";
    if (high - low + 1 > MAX_TOTALS) {
      const input = el("input", { type: "text", inputmode: "numeric", id, autocomplete: "off", "aria-describedby": error.id });
      input.value = current;
      input.addEventListener("input", () => {
        this.values[die.name] = input.value;
        this.changed();
      });
      return el("div", { class: "die" }, el("label", { for: id, class: "die-label", text: label }), input, error);
    }
    const group = el("div", { class: "die-totals", role: "radiogroup", "aria-labelledby": head.id, "aria-describedby": error.id });
    for (let total = low; total <= high; total++) group.append(this.option(die, `${id}-${total}`, String(total), String(total), current));
    group.append(this.option(die, `${id}-none`, "", "–", current, "Not rolled"));
    return el("div", { class: "die" }, head, group, error);
  }

  private option(die: Die, id: string, value: string, text: string, current: string, label?: string): HTMLElement {
    const radio = el("input", { type: "radio", id, name: id.replace(/-[^-]+$/, ""), value });
    radio.checked = current.trim() === value;
    radio.addEventListener("change", () => {
      if (value === "") delete this.values[die.name];
      else this.values[die.name] = value;
      this.changed();
    });
    return el("span", { class: "die-total" }, radio, el("label", { for: id, text, ...(label ? { "aria-label": label, title: label } : {}) }));
  }
}
