/** A small edition whose example pins some rules and not others: what the mutation tests mutate. */
import { frontMatter } from "../../support/repo.ts";

export const DOCUMENT = `${frontMatter("Odds")}
# 1.0 Odds

**1.1** Round the final odds. Units with fewer than 3 MP cannot attack.

\`\`\`rules
input attack "Attack": number >= 0
input defense "Defense": number >= 1
input mp "MP": number >= 0
table bonus_table "Bonus" = chart "bonus" { rows: integer, columns: integer, cells: integer }
let odds "Odds" = round(attack : defense, half_up) "Round the final odds."
let bonus "Bonus" = bonus_table[1, 2] "Round the final odds."
let unused "Not in any procedure" = attack + 1 "Round the final odds."
require enough_mp: mp >= 3 else "Units with fewer than 3 MP cannot attack"
procedure attack_odds {
  check enough_mp
  output odds, bonus
}
example "6 to 2 is 3:1" {
  procedure attack_odds
  given attack = 6, defense = 2, mp = 3
  expect odds = 3:1, allowed
}
\`\`\`

:::chart[Bonus]{#bonus}
| roll | 1 | 2 |
|------|---|---|
| 1    | 5 | 7 |
:::
`;
