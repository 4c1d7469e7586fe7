/**
 * Charts the OCS Barrage Table needed: rows keyed by another column (`rows: line (…) from "Applies"`,
 * for the Additional Shifts, whose first column repeats "Left 1"), and a chart cell's field that may
 * be none tested in place (`ranges[s, re].up_to == none or …`, for the Density Shifts' open range).
 */
import { describe, expect, it } from "vitest";
import { compile } from "../../../compiler/compile.ts";
import { enginesOf } from "../../support/engines.ts";
import { documentCorpus, frontMatter, removeTemp } from "../../support/repo.ts";

const CHARTS = `:::chart[Additional Shifts]{#additional-shifts}
| Shift   | Applies |
|---------|---------|
| Left 1  | For a **Hedgehog** |
| Left 1  | For **Close** terrain |
| Right 3 | For **Strat Mode** |
:::

:::chart[Density]{#density}
| Shift   | RE |
|---------|----|
| None    | 3 RE or less |
| Right 1 | Greater than 3 RE, up to 4 |
| Right 2 | Greater than 4 RE |
:::
`;

const rulesWith = (from: string) => `\`\`\`rules
enum line "Line" { hedgehog "Hedgehog", close_terrain "Close terrain", strat "Strat Mode" }
notation re_range "RE range" = up_to " RE or less" | "Greater than " above " RE" [", up to " up_to] {
  above: number = 0
  up_to: number | none
}
table additional "Additional Shifts" = chart "additional-shifts" {
  rows: line (hedgehog = "For a Hedgehog", close_terrain = "For Close terrain", strat = "For Strat Mode") from "${from}",
  columns: enum { shift "Shift" }, cells: shift
}
table density "Density" = chart "density" { rows: shift, columns: enum { re "RE" }, cells: re_range }
input which "Line": line
input re_in_hex "RE": number > 0
let line_shift "Line shift" = additional[which, shift] "the shift of the line"
let density_shift "Density shift" =
  sum(s for s in rows(density) where re_in_hex > density[s, re].above and (density[s, re].up_to == none or re_in_hex <= density[s, re].up_to))
  "the shift of the range"
procedure shifts { output line_shift, density_shift }
\`\`\`
`;

const document = (from: string) =>
  `${frontMatter("Shifts")}\n# 1.0 Shifts\n\n**1.1** Add the shift of the line and the shift of the range.\n\n${CHARTS}\n${rulesWith(from)}`;

describe("charts keyed by another column, and cells tested for none", () => {
  it("reads each line's shift although the first column repeats, and the range a number of RE falls in", async () => {
    const { root } = documentCorpus(document("Applies"));
    try {
      const [engine] = enginesOf(await compile({ root }), "rows from");
      const shifts = await engine!.load();
      const outputs = (which: string, re_in_hex: number) => shifts.resolve({ which, re_in_hex }).outputs;
      expect(outputs("hedgehog", 3)).toEqual({ line_shift: -1, density_shift: 0 });
      expect(outputs("close_terrain", 3.5)).toEqual({ line_shift: -1, density_shift: 1 });
      expect(outputs("strat", 9)).toEqual({ line_shift: 3, density_shift: 2 });
    } finally {
      removeTemp(root);
    }
  });

  it("refuses a column the chart does not have, naming those it has", async () => {
    const { root } = documentCorpus(document("Applys"));
    try {
      const errors = (await compile({ root })).diagnostics.filter((d) => d.severity === "error");
      expect(errors.map((d) => `${d.code} ${d.message}`)).toEqual([
        'HX0401 Chart `additional-shifts`: column header `Applys` is not a column header of the chart ("Applies").',
      ]);
    } finally {
      removeTemp(root);
    }
  });
});
