// Links made for the source's own site name headings by its slugs
// (`#914-specialized-combats`); the rule index keeps each heading's slug, and this
// turns such an address into the paragraph's own (`#9.14`).
const anchors: Record<string, string> = JSON.parse(document.getElementById("hexlaw-source-anchors")?.textContent || "{}");

function follow(): void {
  const fragment = decodeURIComponent(location.hash.slice(1));
  const id = anchors[fragment] ?? anchors[fragment.toLowerCase()];
  if (!fragment || document.getElementById(fragment) || !id) return;
  location.replace(`#${id.replace(/[^\w.()\-~!$&'*+,;=:@/?]/g, encodeURIComponent)}`);
}

follow();
addEventListener("hashchange", follow);
