// The "Rules language" page's HTML (compiler/markdown/language-reference.ts): the reference's
// introduction apart, a contents list of its parts and sections, ```rules blocks highlighted,
// ````markdown blocks with the rules inside them highlighted and their prose as written,
// examples captioned as ones that run or as mistakes, and every block and table focusable.
import { describe, expect, it } from "vitest";
import { renderLanguageReference } from "../../../compiler/markdown/language-reference.ts";

const SOURCE = `# The language

What it is.

## Statements

### \`let\` — a definition

\`\`\`\`markdown example
**1.1** Double it.

\`\`\`rules
let x "X" = 2 * 3 "Double it."
\`\`\`
\`\`\`\`

\`\`\`\`markdown example HX0509 HX0513
**1.1** Nothing.
\`\`\`\`

\`\`\`text
error[HX0509]: <not html>
\`\`\`

| mode | 2.5 |
| --- | --- |
| \`down\` | 2 |

## Types
`;

describe("the language reference rendered", () => {
  it("keeps the introduction apart and lists the parts and their sections", async () => {
    const page = await renderLanguageReference(SOURCE);
    expect(page.title).toBe("The language");
    expect(page.intro.trim()).toBe("<p>What it is.</p>");
    expect(page.html).not.toContain("What it is.");
    expect(page.contents).toEqual([
      { slug: "statements", html: "Statements", sections: [{ slug: "let--a-definition", html: "<code>let</code> — a definition" }] },
      { slug: "types", html: "Types", sections: [] },
    ]);
  });

  it("highlights the rules inside an example, keeps its prose, and captions it", async () => {
    const { html } = await renderLanguageReference(SOURCE);
    const figures = html.match(/<figure[\s\S]*?<\/figure>/g) ?? [];
    expect(figures).toHaveLength(2);
    expect(figures[0]).toContain('class="language-example runs"><figcaption>Example</figcaption>');
    expect(figures[0]).toContain("**1.1** Double it.");
    expect(figures[0]).toMatch(/<span class="t-keyword">let<\/span>/);
    expect(figures[1]).toContain("<figcaption>A mistake: the compiler reports HX0509, HX0513</figcaption>");
    // What the compiler prints stays text.
    expect(html).toContain("error[HX0509]: &#x3C;not html>");
  });

  it("makes every code block and table focusable, so each scrolls from the keyboard", async () => {
    const { html } = await renderLanguageReference(SOURCE);
    const opening = html.match(/<(pre|table)\b[^>]*>/g) ?? [];
    expect(opening).toHaveLength(4);
    for (const tag of opening) expect(tag).toContain('tabindex="0"');
  });
});
