// Numbers as players write them on counters and scrap paper: 3, 1.5, .5, ½,
// 1½, 1 1/2, 3/2, 2,5. Not 1e3, 0x10 or Infinity: a calculator at the table
// says so next to the field instead of reading them as JavaScript would.
import { quoted } from "./quoted.ts";

const VULGAR: Record<string, number> = {
  "½": 1 / 2, "⅓": 1 / 3, "⅔": 2 / 3, "¼": 1 / 4, "¾": 3 / 4, "⅕": 1 / 5, "⅖": 2 / 5, "⅗": 3 / 5, "⅘": 4 / 5,
  "⅙": 1 / 6, "⅚": 5 / 6, "⅛": 1 / 8, "⅜": 3 / 8, "⅝": 5 / 8, "⅞": 7 / 8,
};

const SIGN = "[-−+]?";
const WHOLE = "\\d+";
const DECIMAL = "(?:\\d+[.,]\\d*|[.,]\\d+)";
const SLASH = "\\d+\\s*[/⁄]\\s*\\d+";
const GLYPH = `[${Object.keys(VULGAR).join("")}]`;
/** `1 1/2`, `1½`, `½`, `3/2`, `1.5`, `.5`, `3` — each with an optional sign. */
const PLAYER_NUMBER = new RegExp(`^(${SIGN})\\s*(?:(${WHOLE})\\s*(?:(${GLYPH})|\\s(${SLASH}))|(${GLYPH})|(${SLASH})|(${DECIMAL})|(${WHOLE}))$`);

/** The number, or what it must be instead (to follow "Combat Strength must be …"). */
export type Parsed = { ok: true; value: number } | { ok: false; message: string };

/** The number a player wrote, or why it is not one. */
export function parsePlayerNumber(text: string): Parsed {
  const m = PLAYER_NUMBER.exec(text.trim());
  if (!m) return { ok: false, message: `a number as written on a counter (3, 1.5, ½ or 1 1/2), not “${quoted(text.trim())}”` };
  const [, sign, whole, glyphAfterWhole, fractionAfterWhole, glyph, fraction, decimal, integer] = m;
  const ratio = (f: string): number | null => {
    const [n, d] = f.split(/[/⁄]/).map((x) => Number(x.trim()));
    return d === 0 ? null : n / d;
  };
  let value: number | null;
  if (whole !== undefined) value = Number(whole) + (glyphAfterWhole ? VULGAR[glyphAfterWhole] : (ratio(fractionAfterWhole) ?? Number.NaN));
  else if (glyph) value = VULGAR[glyph];
  else if (fraction) value = ratio(fraction);
  else if (decimal) value = Number(decimal.replace(",", "."));
  else value = Number(integer);
  if (value === null || !Number.isFinite(value)) return { ok: false, message: "a fraction with a number other than 0 below the line" };
  return { ok: true, value: sign === "-" || sign === "−" ? -value : value };
}
