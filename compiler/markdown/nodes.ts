// The nodes Hexlaw's plugins put into mdast trees, and what they leave in a file's
// data, declared as mdast-util-directive declares its nodes: by augmenting the
// interfaces of mdast, mdast-util-directive and vfile, so a plugin reads and writes
// them typed, without casts. remark-rehype turns each node into the hast element its
// `data` names (`hName`, `hProperties`, `hChildren`: mdast-util-to-hast's fields,
// whose declarations the import below brings in).
import type { ElementContent, Properties } from "hast";
import type { Data, Node, Parent, PhrasingContent, Table, TableRow } from "mdast";
import type {} from "mdast-util-directive";
import type {} from "remark-rehype";
import type { FormalListing } from "./rehype-formal-apart.ts";
import type { NotesApart } from "./rehype-notes-apart.ts";
import type { Heading } from "./rehype-heading-ids.ts";
import type { DocumentContext } from "./rulebook-context.ts";

/** Data that makes a node one hast element with exactly these properties and children. */
export interface ElementData extends Data {
  hName: string;
  hProperties: Properties;
  hChildren: ElementContent[];
}

/** A hast element carried in an mdast tree (`mdastElement`, hast.ts): anywhere a block or phrasing node may be. */
export interface HexlawElement extends Node {
  type: "hexlawElement";
  data: ElementData;
}

/** A chart's table in a scroll box for phones (remark-charts). */
export interface HexlawScroll extends Parent {
  type: "hexlawScroll";
  data: Data & { hName: "div"; hProperties: Properties };
  children: (Table | HexlawTable)[];
}

/** Two charts set as one printed table (remark-charts): a head section and a body section. */
export interface HexlawTable extends Parent {
  type: "hexlawTable";
  data: Data & { hName: "table" };
  children: HexlawSection[];
}

/** The `thead` or `tbody` of a HexlawTable. */
export interface HexlawSection extends Parent {
  type: "hexlawSection";
  data: Data & { hName: "thead" | "tbody" };
  children: TableRow[];
}

/** Words of a paragraph an erratum replaces, struck through beside the correction (1-read/amendments.ts). */
export interface AmendedPrinted extends Node {
  type: "amendedPrinted";
  data: Data & { hName: "del"; hProperties: Properties; hChildren: ElementContent[] };
}

/** The corrected words, which references are found in as in any text; `printed` names the words they replace. */
export interface Amended extends Parent {
  type: "amended";
  data: Data & { hName: "ins"; hProperties: Properties; printed: string };
  children: PhrasingContent[];
}

/** "(corrected by the errata)" after an amended run of words. */
export interface AmendedEnd extends Node {
  type: "amendedEnd";
  data: Data & { hName: "span"; hProperties: Properties; hChildren: ElementContent[] };
}

/** What remark-charts learns of a chart while rendering it, for setting two charts as one printed table. */
export interface ChartParts {
  id: string | undefined;
  caption: string;
  table: Table;
}

declare module "mdast" {
  interface RootContentMap {
    hexlawElement: HexlawElement;
    hexlawScroll: HexlawScroll;
    hexlawTable: HexlawTable;
    hexlawSection: HexlawSection;
    amendedPrinted: AmendedPrinted;
    amended: Amended;
    amendedEnd: AmendedEnd;
  }
  interface BlockContentMap {
    hexlawElement: HexlawElement;
    hexlawScroll: HexlawScroll;
  }
  interface PhrasingContentMap {
    hexlawElement: HexlawElement;
    amendedPrinted: AmendedPrinted;
    amended: Amended;
    amendedEnd: AmendedEnd;
  }
  interface LinkData {
    /** A paragraph number linked to its own paragraph (remark-paragraph-anchors), not a reference to resolve. */
    hexlawPermalink?: boolean;
  }
}

declare module "mdast-util-directive" {
  interface ContainerDirectiveData {
    /** A chart's caption and table, once remark-charts has rendered it. */
    hexlawChart?: ChartParts;
  }
}

declare module "vfile" {
  interface DataMap {
    /** The document's context, shared by the rulebook plugins of one run (null: not a rule document). */
    hexlawContext: DocumentContext | null;
    /** The headings of a rendered document (rehype-heading-ids). */
    headings: Heading[];
    /** The listings a chapter's rendering set apart (rehype-formal-apart). */
    formalRules: FormalListing[];
    /** The paragraphs' notes a chapter's rendering set apart (rehype-notes-apart). */
    notesApart: NotesApart[];
    /** The edition a document is rendered for when it is not its folder's (an edition that extends that one). */
    hexlawEdition: string;
  }
}
