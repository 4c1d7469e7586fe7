// Search on every page: a combobox (the ARIA pattern: the input keeps focus,
// arrows move through the results, Enter follows one, Esc closes) over Pagefind's
// paragraphs. Results of the edition being read come first, with one click to
// widen to every rulebook; they are grouped by chapter, counted truly, with more
// on request; a misspelling gets "did you mean" from the corpus's own words; a
// rule number (9.14b, 13.A, 12.D.2.a) goes straight to its paragraph. `/` or
// Ctrl-K opens it from anywhere. Pagefind loads on first use only.

import { shardOf } from "./rule-number-shard.ts";
import type { Place, RuleNumbers } from "./rule-numbers.ts";
import { didYouMean } from "./did-you-mean.ts";
import { namedChartsFirst } from "./chart-names.ts";
import { inEdition } from "./search-places.ts";

interface ResultData {
  url: string;
  excerpt: string;
  meta: Record<string, string>;
}
interface PagefindResult {
  id: string;
  data(): Promise<ResultData>;
}
interface Pagefind {
  search(query: string, options?: { filters?: Record<string, string> }): Promise<{ results: PagefindResult[]; unfilteredResultCount: number } | null>;
  filters(): Promise<Record<string, Record<string, number>>>;
  options(o: Record<string, unknown>): Promise<void>;
}

/** Where the site is served ("/" or a sub-path such as "/hexlaw/"), as Astro builds it. */
const BASE_URL = (import.meta as { env?: { BASE_URL?: string } }).env?.BASE_URL ?? "/";
const BASE = BASE_URL.endsWith("/") ? BASE_URL : `${BASE_URL}/`;

/** Results shown at a time; "more results" adds as many again. */
const PAGE = 10;

let pagefind: Promise<Pagefind> | null = null;
const numbers = new Map<string, Promise<RuleNumbers>>();
let words: Promise<Record<string, number>> | null = null;

function loadPagefind(): Promise<Pagefind> {
  const url = `${BASE}pagefind/pagefind.js`;
  pagefind ??= (import(/* @vite-ignore */ url) as Promise<Pagefind>).then(async (p) => {
    // Record URLs already hold the base path; Pagefind would add it again from where it is loaded.
    await p.options({ excerptLength: 24, baseUrl: "/" });
    return p;
  });
  return pagefind;
}

/** The rule numbers of the shard a typed number is in (fetched once per shard). */
function loadNumbers(number: string): Promise<RuleNumbers> {
  const shard = shardOf(number);
  if (shard === null) return Promise.resolve({});
  let loaded = numbers.get(shard);
  if (!loaded) {
    loaded = fetch(`${BASE}search/rule-numbers/${shard}.json`).then((r) => (r.ok ? r.json() : {}), () => ({}));
    numbers.set(shard, loaded);
  }
  return loaded;
}

function loadWords(): Promise<Record<string, number>> {
  words ??= fetch(`${BASE}search/words.json`).then((r) => (r.ok ? r.json() : {}), () => ({}));
  return words;
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

const make = <K extends keyof HTMLElementTagNameMap>(tag: K, props: Record<string, string> = {}, ...children: (Node | string | null)[]): HTMLElementTagNameMap[K] => {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(props)) {
    if (key === "class") node.className = value;
    else if (key === "text") node.textContent = value;
    else node.setAttribute(key, value);
  }
  for (const child of children) if (child !== null) node.append(child);
  return node;
};

/** One search form: the banner's drop-down, or the full list of /search/. */
export function enhanceSearch(form: HTMLFormElement): void {
  const input = form.querySelector<HTMLInputElement>("input[type=search]")!;
  const panel = form.querySelector<HTMLElement>(".search-panel")!;
  const pageMode = form.dataset.mode === "page";
  const id = input.id.replace(/-input$/, "");
  // The edition being read, as Pagefind's filters name it.
  const scope = { ruleset: form.dataset.ruleset, edition: form.dataset.edition };
  const scopeFilters: Record<string, string> = form.dataset.editionTitle && form.dataset.rulesetTitle ? { ruleset: form.dataset.rulesetTitle, edition: form.dataset.editionTitle } : {};
  const params = new URLSearchParams(location.search);
  /** The filters of /search/'s selects. */
  const chosen: Record<string, string> = {};
  if (pageMode) {
    for (const key of ["ruleset", "edition"]) if (params.get(key)) chosen[key] = params.get(key)!;
    input.value = params.get("q") ?? "";
  }
  let widened = Object.keys(scopeFilters).length === 0;
  let shown = PAGE;
  let jump: Place | null = null;
  let generation = 0;
  let timer = 0;
  let active = -1;

  input.setAttribute("role", "combobox");
  input.setAttribute("aria-autocomplete", "list");
  input.setAttribute("aria-expanded", "false");
  input.setAttribute("aria-controls", `${id}-listbox`);

  const filterRow = make("div", { class: "search-filters" });
  const scopeRow = make("p", { class: "search-scope" });
  const status = make("p", { class: "search-status", role: "status", "aria-live": "polite" });
  const suggestion = make("p", { class: "search-suggestion" });
  const list = make("div", { class: "search-results", role: "listbox", id: `${id}-listbox`, "aria-label": "Results" });
  const more = make("button", { type: "button", class: "search-more" });
  panel.replaceChildren(...(pageMode ? [filterRow] : []), scopeRow, status, suggestion, list, more);
  more.hidden = true;
  scopeRow.hidden = true;
  suggestion.hidden = true;

  const options = () => [...list.querySelectorAll<HTMLAnchorElement>("[role=option]")];
  const setActive = (index: number) => {
    const all = options();
    active = all.length === 0 ? -1 : Math.max(-1, Math.min(index, all.length - 1));
    all.forEach((o, i) => o.setAttribute("aria-selected", String(i === active)));
    if (active >= 0) {
      input.setAttribute("aria-activedescendant", all[active].id);
      all[active].scrollIntoView({ block: "nearest" });
    } else input.removeAttribute("aria-activedescendant");
  };

  const open = (yes: boolean) => {
    if (!pageMode) panel.hidden = !yes;
    input.setAttribute("aria-expanded", String(yes && options().length > 0));
    form.classList.toggle("searching", yes);
    if (!yes) setActive(-1);
  };

  /**
   * Follows a result. A place on the page being read is shown where the reader can see
   * it: the results close, the page goes there (the place highlighted as the link's
   * target, even when it already was), and focus moves to it, so a screen reader and a
   * phone's keyboard leave the search too. Anything else loads as a link does.
   */
  const go = (url: string) => {
    const target = new URL(url, location.href);
    const here = target.origin === location.origin && target.pathname === location.pathname && target.search === location.search;
    const place = here && target.hash ? document.getElementById(decodeURIComponent(target.hash.slice(1))) : null;
    if (!place) {
      location.href = target.href;
      return;
    }
    open(false);
    if (location.hash === target.hash) place.scrollIntoView({ block: "start" });
    else location.hash = target.hash;
    if (!place.hasAttribute("tabindex")) place.setAttribute("tabindex", "-1");
    place.focus({ preventScroll: true });
  };

  const buildFilters = async () => {
    const available = await (await loadPagefind()).filters();
    filterRow.replaceChildren();
    for (const [key, label] of [["ruleset", "Ruleset"], ["edition", "Edition"]] as const) {
      const select = make("select", { name: key });
      select.append(new Option(`All ${label.toLowerCase()}s`, ""));
      for (const value of Object.keys(available[key] ?? {}).sort()) select.append(new Option(value, value, false, chosen[key] === value));
      select.addEventListener("change", () => {
        if (select.value) chosen[key] = select.value;
        else delete chosen[key];
        shown = PAGE;
        void run();
      });
      filterRow.append(make("label", {}, `${label} `, select));
    }
  };

  function option(url: string, title: string, meta: string, excerpt: string, isJump: boolean, n: number): HTMLElement {
    const a = make("a", { role: "option", id: `${id}-option-${n}`, href: url, tabindex: "-1", "aria-selected": "false", class: isJump ? "r-jump" : "" },
      make("span", { class: "r-title", text: title }), meta ? make("span", { class: "r-meta", text: meta }) : null, excerpt ? safeExcerpt(excerpt) : null);
    a.addEventListener("mousemove", () => setActive(options().indexOf(a)));
    return make("div", { class: "r-item", role: "presentation" }, a);
  }

  async function run(): Promise<void> {
    const query = input.value.trim();
    const mine = ++generation;
    if (pageMode) {
      const url = new URL(location.href);
      url.searchParams.set("q", query);
      for (const key of ["ruleset", "edition"]) chosen[key] ? url.searchParams.set(key, chosen[key]) : url.searchParams.delete(key);
      history.replaceState(null, "", url);
    }
    if (!query) {
      jump = null;
      list.replaceChildren();
      more.hidden = true;
      scopeRow.hidden = true;
      suggestion.hidden = true;
      status.textContent = pageMode ? "Type to search every chapter." : "";
      open(pageMode);
      return;
    }
    if (pageMode && filterRow.childElementCount === 0) buildFilters().catch(() => undefined);
    const number = ruleNumberOf(query);
    const places = number ? placesOf(await loadNumbers(number), number, scope) : [];
    const filters = pageMode ? chosen : widened ? {} : scopeFilters;
    const inFilters = (p: Place) => (!filters.ruleset || p[4] === filters.ruleset) && (!filters.edition || p[5] === filters.edition);
    let found: ResultData[] = [];
    let total = 0;
    let everywhere = 0;
    try {
      const search = await (await loadPagefind()).search(query, { filters });
      if (!search) return; // A newer keystroke superseded this search.
      total = search.results.length;
      everywhere = search.unfilteredResultCount;
      // A record that editions share, as the edition searched (else the one being read) has it.
      const edition = filters.edition ?? scopeFilters.edition;
      found = namedChartsFirst((await Promise.all(search.results.slice(0, shown).map((r) => r.data()))).map((r) => inEdition(r, edition)), query);
    } catch {
      if (mine === generation) status.textContent = "Search is not available right now.";
      return;
    }
    if (mine !== generation) return;
    jump = places.find(inFilters) ?? places[0] ?? null;
    const jumps = places.filter(inFilters);
    const results = found.filter((r) => !jumps.some((p) => p[0] === r.url));
    // Grouped by chapter, the groups in the order of their best result.
    const groups = new Map<string, ResultData[]>();
    for (const r of results) {
      const key = [r.meta.chapter, r.meta.edition].filter(Boolean).join(" · ");
      groups.set(key, [...(groups.get(key) ?? []), r]);
    }
    let n = 0;
    const children: HTMLElement[] = [];
    if (jumps.length > 0) {
      children.push(make("div", { role: "group", "aria-label": `Rule ${number}`, class: "r-group" },
        ...jumps.map((p) => option(p[0], p[1], `Go to rule ${number} · ${p[4]}, ${p[5]}`, "", true, n++))));
    }
    for (const [chapter, items] of groups) {
      const headingId = `${id}-group-${children.length}`;
      children.push(make("div", { role: "group", "aria-labelledby": headingId, class: "r-group" },
        make("p", { class: "r-chapter", id: headingId, role: "presentation", text: chapter }),
        ...items.map((r) => option(r.url, r.meta.title ?? r.url, "", r.excerpt, false, n++))));
    }
    list.replaceChildren(...children);
    setActive(-1);
    const where = pageMode ? "" : widened ? " in every rulebook" : ` in ${form.dataset.scopeLabel ?? "this edition"}`;
    status.textContent = total === 0 && jumps.length === 0
      ? `No results for “${query}”${where}.`
      : `${total} result${total === 1 ? "" : "s"} for “${query}”${where}${jumps.length > 0 ? `; Enter goes to ${number}` : ""}.`;
    const left = total - found.length;
    more.hidden = left <= 0;
    more.textContent = `More results (${left} more)`;
    scopeRow.hidden = pageMode || widened || everywhere <= total;
    if (!scopeRow.hidden) {
      const widen = make("button", { type: "button", class: "search-widen", text: `Search every rulebook (${everywhere - total} more)` });
      widen.addEventListener("click", () => {
        widened = true;
        shown = PAGE;
        input.focus();
        void run();
      });
      scopeRow.replaceChildren(widen);
    }
    open(true);
    // A word the corpus does not use: the closest words it does.
    const corrected = didYouMean(query, await loadWords());
    if (mine !== generation) return;
    suggestion.hidden = corrected === null;
    if (corrected) {
      const use = make("button", { type: "button", class: "search-suggest", text: corrected });
      use.addEventListener("click", () => {
        input.value = corrected;
        shown = PAGE;
        input.focus();
        void run();
      });
      suggestion.replaceChildren("Did you mean ", use, "?");
    }
  }

  const soon = () => {
    clearTimeout(timer);
    timer = window.setTimeout(() => void run(), 60);
  };
  input.addEventListener("input", () => {
    shown = PAGE;
    soon();
  });
  input.addEventListener("focus", () => {
    if (input.value.trim()) {
      open(true);
      if (options().length === 0) soon();
    }
  });
  list.addEventListener("click", (event) => {
    const link = event.target instanceof Element ? event.target.closest<HTMLAnchorElement>("a[role=option]") : null;
    if (!link || event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    go(link.href);
  });
  more.addEventListener("click", () => {
    shown += PAGE;
    input.focus();
    void run();
  });
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    clearTimeout(timer);
    const chosenOption = options()[active];
    if (chosenOption) {
      go(chosenOption.href);
      return;
    }
    await run();
    if (jump) go(jump[0]);
    else if (!pageMode) location.href = `${BASE}search/?q=${encodeURIComponent(input.value.trim())}`;
  });
  input.addEventListener("keydown", (event) => {
    const count = options().length;
    if (event.key === "ArrowDown" && count > 0) {
      event.preventDefault();
      open(true);
      setActive(active + 1 >= count ? 0 : active + 1);
    } else if (event.key === "ArrowUp" && count > 0) {
      event.preventDefault();
      setActive(active <= 0 ? count - 1 : active - 1);
    }
  });
  // Esc closes the results from anywhere; a click elsewhere too.
  document.addEventListener("keydown", (event) => {
    if (event.key !== "Escape" || pageMode || panel.hidden) return;
    const inside = form.contains(document.activeElement);
    open(false);
    if (inside) input.focus();
  });
  document.addEventListener("click", (event) => {
    if (!pageMode && !form.contains(event.target as Node)) open(false);
  });
  if (pageMode) {
    panel.hidden = false;
    buildFilters().then(run, run);
  }
}

/** `/` or Ctrl-K (⌘K) from anywhere but a field being typed in: focus the page's search box. */
export function searchShortcut(input: HTMLInputElement): void {
  document.addEventListener("keydown", (event) => {
    const typing = event.target instanceof HTMLElement && (event.target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(event.target.tagName));
    const slash = event.key === "/" && !typing && !event.ctrlKey && !event.metaKey && !event.altKey;
    const ctrlK = (event.ctrlKey || event.metaKey) && event.key.toLowerCase() === "k";
    if (!slash && !ctrlK) return;
    event.preventDefault();
    input.focus();
    input.select();
  });
}

/** Pagefind's excerpt with only its <mark> highlights kept; everything else is text. */
function safeExcerpt(html: string): HTMLElement {
  const out = make("span", { class: "r-text" });
  const doc = new DOMParser().parseFromString(`<body>${html}</body>`, "text/html");
  for (const node of doc.body.childNodes) {
    if (node.nodeName === "MARK") out.append(make("mark", { text: node.textContent ?? "" }));
    else out.append(node.textContent ?? "");
  }
  return out;
}
