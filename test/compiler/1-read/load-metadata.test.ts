/** YAML metadata: a file that is not valid YAML is reported where the parser stopped. */
import { describe, expect, it } from "vitest";
import { readYaml } from "../../../compiler/1-read/load-metadata.ts";
import { SourcePlaces } from "../../../compiler/1-read/source-places.ts";
import { Session } from "../../../compiler/diagnostics/session.ts";

function yamlProblem(text: string) {
  const session = new Session();
  expect(readYaml(new SourcePlaces("rules/t/1/edition.yaml", text), session)).toBeNull();
  expect(session.diagnostics).toHaveLength(1);
  return session.diagnostics[0];
}

describe("readYaml", () => {
  it("places an error on the first line where the parser does, not one column after", () => {
    expect(yamlProblem("title: [unclosed").place?.start).toMatchObject({ line: 1, column: 17 });
    expect(yamlProblem("x: 1\n  y: 2\n").place?.start).toMatchObject({ line: 1, column: 4 });
  });

  it("places an error on a later line", () => {
    const problem = yamlProblem("title: Test\nx: 1\n  y: 2\n");
    expect(problem.code).toBe("HX0002");
    expect(problem.place?.start).toMatchObject({ line: 2, column: 4 });
    expect(problem.message).toContain("not valid YAML");
    expect(problem.message).not.toMatch(/at line \d+/);
  });
});
