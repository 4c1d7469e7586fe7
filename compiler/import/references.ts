import { urlProblem } from "../url-policy.ts";

/**
 * Links that leave the imported pages (the site's PDFs, its other sections) cannot be
 * followed from the rulebook as they are: an absolute path `/rules/ocs-4.3/files/x.pdf`
 * is made a full URL on the source site. Without the site's URL they stay as they are
 * (the compiler reports them). Links to pages were made relative by `hugoLinks`.
 */
export function externalLinks(body: string, siteUrl: string | undefined, sectionPath: string | undefined): { text: string; count: number } {
  if (!siteUrl || sectionPath === undefined) return { text: body, count: 0 };
  const origin = siteUrl.slice(0, siteUrl.length - sectionPath.length - 1).replace(/\/+$/, "");
  let count = 0;
  // Neither the words nor the path hold a bracket: each attempt ends where the next link could start, so a
  // line of `[` or of unclosed links takes linear time, not quadratic.
  const text = body.replace(/(^|[^!\\])\[([^[\]\n]*)\]\((\/[^)\s[\]]*)\)/gm, (whole, before: string, words: string, path: string) => {
    const url = `${origin}${path}`;
    if (path.startsWith("//") || urlProblem(url) !== null) return whole;
    count++;
    return `${before}[${words}](${url})`;
  });
  return { text, count };
}
