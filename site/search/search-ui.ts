// The search box on every page: Pagefind results per paragraph as you type,
// filters by ruleset and edition, and a rule number (9.14b, 13.A, 12.D.2.a) that
// goes straight to its paragraph. Pagefind is loaded on first use only.

import type { Place, RuleNumbers } from "./rule-numbers.ts";

interface PagefindResult {
  id: string;
  data(): Promise<{ url: string; excerpt: string; meta: Record<string, string>; filters: Record<string, string[]> }>;
}
interface Pagefind {
  search(query: string, options?: { filters?: Record<string, string> }): Promise<{ results: PagefindResult[] }>;
  filters(): Promise<Record<string, Record<string, number>>>;
  options(o: Record<string, unknown>): Promise<void>;
}

let pagefind: Promise<Pagefind> | null = null;
let numbers: Promise<RuleNumbers> | null = null;

function loadPagefind(): Promise<Pagefind> {
  const url = "/pagefind/pagefind.js";
  pagefind ??= (import(/* @vite-ignore */ url) as Promise<Pagefind>).then(async (p) => {
    await p.options({ excerptLength: 24 });
    return p;
  });
  return pagefind;
}

function loadNumbers(): Promise<RuleNumbers> {
  numbers ??= fetch("/search/rule-numbers.json").then((r) => (r.ok ? r.json() : {}), () => ({}));
  return numbers;
}

/** A typed rule number: "9.14b", "13.A", "12.d.2.a", "rule 9.8", "§8.1a". */
function ruleNumberOf(query: string): string | null {
  const q = query.trim().replace(/^(?:rule|case|section|§)\s*/i, "");
  return /^\d+(?:\.[0-9A-Za-z]+)*(?:\([0-9A-Za-z]+\))*$/.test(q) ? q : null;
}

/** Places of a rule number, those of the page's own edition first. */
function placesOf(all: RuleNumbers, id: string, scope: { ruleset?: string; edition?: string }): Place[] {
  const exact = all[id] ?? [];
  const places = exact.length > 0 ? exact : Object.entries(all).filter(([key]) => key.toLowerCase() === id.toLowerCase()).flatMap(([, p]) => p);
  const rank = (p: Place) => (p[2] === scope.ruleset ? (p[3] === scope.edition ? 0 : 1) : 2);
  return [...places].sort((a, b) => rank(a) - rank(b));
}

export function enhanceSearch(form: HTMLFormElement): void {
  const input = form.querySelector<HTMLInputElement>("input[type=search]")!;
  const panel = form.querySelector<HTMLElement>(".search-panel")!;
  const pageMode = form.dataset.mode === "page";
  const scope = { ruleset: form.dataset.ruleset, edition: form.dataset.edition };
  const limit = pageMode ? 30 : 8;
  const params = new URLSearchParams(location.search);
  const filters: Record<string, string> = {};
  if (pageMode) {
    for (const key of ["ruleset", "edition"]) if (params.get(key)) filters[key] = params.get(key)!;
    input.value = params.get("q") ?? "";
  }
  let jump: Place | null = null;
  let generation = 0;
  let timer = 0;

  const filterRow = document.createElement("div");
  filterRow.className = "search-filters";
  const status = document.createElement("p");
  status.className = "search-status";
  status.setAttribute("role", "status");
  const list = document.createElement("ul");
  list.className = "search-results";
  panel.replaceChildren(filterRow, status, list);

  const selects: Record<string, HTMLSelectElement> = {};
  const buildFilters = async () => {
    const available = await (await loadPagefind()).filters();
    filterRow.replaceChildren();
    for (const [key, label] of [["ruleset", "Ruleset"], ["edition", "Edition"]] as const) {
      const wrap = document.createElement("label");
      wrap.textContent = `${label} `;
      const select = document.createElement("select");
      select.name = key;
      select.append(new Option(`All ${label.toLowerCase()}s`, ""));
      for (const value of Object.keys(available[key] ?? {}).sort()) select.append(new Option(value, value, false, filters[key] === value));
      select.addEventListener("change", () => {
        if (select.value) filters[key] = select.value;
        else delete filters[key];
        run();
      });
      selects[key] = select;
      wrap.append(select);
      filterRow.append(wrap);
    }
  };

  const open = (yes: boolean) => {
    panel.hidden = !yes;
    input.setAttribute("aria-expanded", String(yes));
  };

  async function run(): Promise<void> {
    const query = input.value.trim();
    const mine = ++generation;
    if (pageMode) {
      const url = new URL(location.href);
      url.searchParams.set("q", query);
      for (const key of ["ruleset", "edition"]) filters[key] ? url.searchParams.set(key, filters[key]) : url.searchParams.delete(key);
      history.replaceState(null, "", url);
    }
    if (!query) {
      jump = null;
      list.replaceChildren();
      status.textContent = pageMode ? "Type to search every chapter." : "";
      if (!pageMode) open(false);
      return;
    }
    open(true);
    if (Object.keys(selects).length === 0) buildFilters().catch(() => undefined);
    const number = ruleNumberOf(query);
    const places = number ? placesOf(await loadNumbers(), number, scope) : [];
    jump = places[0] ?? null;
    let found: { url: string; title: string; meta: string; excerpt: string }[] = [];
    try {
      const search = await (await loadPagefind()).search(query, { filters });
      found = await Promise.all(search.results.slice(0, limit).map(async (r) => {
        const d = await r.data();
        return { url: d.url, title: d.meta.title ?? d.url, meta: [d.meta.chapter, d.meta.edition].filter(Boolean).join(" · "), excerpt: d.excerpt };
      }));
    } catch {
      status.textContent = "Search is not available right now.";
    }
    if (mine !== generation) return;
    const items = [
      ...places.filter((p) => matchesFilters(p)).map((p) => item(p[0], p[1], `Go to rule ${number} · ${p[4]}, ${p[5]}`, "", true)),
      ...found.filter((r) => !places.some((p) => p[0] === r.url)).map((r) => item(r.url, r.title, r.meta, r.excerpt, false)),
    ];
    list.replaceChildren(...items);
    status.textContent = items.length === 0 ? `No results for “${query}”.` : `${items.length} result${items.length === 1 ? "" : "s"}${jump ? `; press Enter to go to ${number}` : ""}.`;
  }

  const matchesFilters = (p: Place) =>
    (!filters.ruleset || p[4] === filters.ruleset) && (!filters.edition || p[5] === filters.edition);

  function item(url: string, title: string, meta: string, excerpt: string, isJump: boolean): HTMLLIElement {
    const li = document.createElement("li");
    const a = document.createElement("a");
    a.href = url;
    if (isJump) a.className = "r-jump";
    const t = document.createElement("span");
    t.className = "r-title";
    t.textContent = title;
    const m = document.createElement("span");
    m.className = "r-meta";
    m.textContent = meta;
    a.append(t, m);
    if (excerpt) a.append(safeExcerpt(excerpt));
    li.append(a);
    return li;
  }

  input.addEventListener("input", () => {
    clearTimeout(timer);
    timer = window.setTimeout(run, 60);
  });
  input.addEventListener("focus", () => {
    loadNumbers();
    if (input.value.trim() && !pageMode) open(true);
  });
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    clearTimeout(timer);
    await run();
    if (jump) location.href = jump[0];
    else if (!pageMode) location.href = `/search/?q=${encodeURIComponent(input.value.trim())}`;
  });
  form.addEventListener("keydown", (event) => {
    const links = [...list.querySelectorAll("a")];
    const at = links.indexOf(document.activeElement as HTMLAnchorElement);
    if (event.key === "ArrowDown" && links.length) {
      event.preventDefault();
      links[Math.min(at + 1, links.length - 1)].focus();
    } else if (event.key === "ArrowUp" && at >= 0) {
      event.preventDefault();
      (at === 0 ? input : links[at - 1]).focus();
    } else if (event.key === "Escape" && !pageMode) {
      open(false);
      input.focus();
    }
  });
  document.addEventListener("click", (event) => {
    if (!pageMode && !form.contains(event.target as Node)) open(false);
  });
  if (pageMode) {
    open(true);
    buildFilters().then(run, run);
  }
}

/** Pagefind's excerpt with only its <mark> highlights kept; everything else is text. */
function safeExcerpt(html: string): HTMLElement {
  const out = document.createElement("span");
  out.className = "r-text";
  const doc = new DOMParser().parseFromString(`<body>${html}</body>`, "text/html");
  for (const node of doc.body.childNodes) {
    if (node.nodeName === "MARK") {
      const mark = document.createElement("mark");
      mark.textContent = node.textContent;
      out.append(mark);
    } else {
      out.append(node.textContent ?? "");
    }
  }
  return out;
}
