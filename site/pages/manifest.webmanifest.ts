// The web app manifest: the rulebooks installable as an app that opens where the site
// is served (its base path), with the icons in site/public/.
import { base, title } from "../lib/base.ts";

export function GET() {
  const manifest = {
    name: title === "Hexlaw" ? "Hexlaw rulebooks" : title,
    short_name: title,
    description: "Wargame rulebooks to read at the table, with calculators that cite their rules. Works offline after the first visit.",
    start_url: base,
    scope: base,
    id: base,
    display: "standalone",
    background_color: "#fbfaf7",
    theme_color: "#9a3f17",
    icons: [
      { src: `${base}icon-192.png`, sizes: "192x192", type: "image/png" },
      { src: `${base}icon-512.png`, sizes: "512x512", type: "image/png" },
      { src: `${base}icon.svg`, sizes: "any", type: "image/svg+xml" },
    ],
  };
  return new Response(JSON.stringify(manifest), { headers: { "content-type": "application/manifest+json" } });
}
