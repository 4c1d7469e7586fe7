// A calculator link's assumptions are checked against their types (issue 8.8): a
// valid one applies, one of the wrong type is ignored with a note, and the
// calculator rules instead of failing, in Chromium.
import { describe, expect, test } from "vitest";
import { openPage } from "./helpers/site.ts";
import { useSite } from "./helpers/use-site.ts";

const site = useSite();

describe("assumptions from a calculator link", () => {
  test("a valid one applies, one of the wrong type or name is ignored with a note, and the calculator still rules", async () => {
    const { page, errors } = await openPage(site.browser);
    const query = new URLSearchParams({ "assume.overrun_cost": "3", "assume.may_continue_moving": '"not a boolean"', "assume.no_such_definition": "1" });
    await page.goto(`${site.url}/ocs/4.3/calculators/overrun/?${query}`);
    await page.locator("hexlaw-calculator .calc-ruling").waitFor();
    const note = page.locator("hexlaw-calculator .calc-note");
    await expect.poll(() => note.textContent()).toMatch(/The link's assumptions were ignored: may_continue_moving = "not a boolean" \(.+\), no_such_definition = 1 \(.+\)\./);
    expect(await note.textContent()).toMatch(/This assumes .+ = 3/);
    expect(await page.locator("hexlaw-calculator .calc-ruling").textContent()).not.toContain("could not be worked out");
    expect(errors).toEqual([]);
  });
});
