/** YAML metadata: a file that is not valid YAML is reported where the parser stopped. */
import { describe, expect, it } from "vitest";
import { mapKeyPlaces, readSources, readYaml } from "../../../compiler/1-read/load-metadata.ts";
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

describe("mapKeyPlaces", () => {
  it("places each key of a map where it is written, quoted or not, and not a same-named key of another map", () => {
    const text = 'title: T\nother:\n  "4.2": Elsewhere\noutside:\n  "4.2": Fractions\n  5.1: Supply # a comment\n';
    const keys = mapKeyPlaces(new SourcePlaces("rules/t/1/edition.yaml", text), "outside");
    expect([...keys.keys()]).toEqual(["4.2", "5.1"]);
    expect(keys.get("4.2")?.start).toMatchObject({ line: 5, column: 3 });
    expect(keys.get("5.1")?.start).toMatchObject({ line: 6, column: 3 });
    expect(mapKeyPlaces(new SourcePlaces("e.yaml", "outside: none\n"), "outside").size).toBe(0);
  });
});

describe("readSources", () => {
  const read = (text: string) => {
    const session = new Session();
    const places = new SourcePlaces("rules/t/1/edition.yaml", text);
    return { sources: readSources(readYaml(places, session)!, places, session), diagnostics: session.diagnostics };
  };

  it("reads each source's credit and the licence it states, and leaves out what it does not state", () => {
    const { sources, diagnostics } = read(
      "sources:\n  - title: A transcription\n    url: https://example.org/rules\n    credit: A. Transcriber\n    license: CC BY-NC 4.0\n" +
        "    license_url: https://creativecommons.org/licenses/by-nc/4.0/\n  - title: The printed charts\n",
    );
    expect(diagnostics).toEqual([]);
    expect(sources).toEqual([
      { title: "A transcription", url: "https://example.org/rules", credit: "A. Transcriber", license: "CC BY-NC 4.0", licenseUrl: "https://creativecommons.org/licenses/by-nc/4.0/" },
      { title: "The printed charts", url: undefined },
    ]);
  });

  it("reports a credit or licence that is not text, and a licence address the URL policy refuses", () => {
    const { sources, diagnostics } = read("sources:\n  - title: T\n    credit: [a, b]\n    license: ''\n    license_url: javascript:alert(1)\n");
    expect(diagnostics.map((d) => `${d.code} ${d.message}`)).toEqual([
      expect.stringMatching(/^HX0010 .*`sources\[0\]\.license_url`/),
      expect.stringContaining("`sources[0].credit` must be text"),
      expect.stringContaining("`sources[0].license` must be text"),
    ]);
    expect(sources[0]).not.toHaveProperty("credit");
  });
});
