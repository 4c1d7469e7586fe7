// The engine API's reference, read from the runtime's own types and doc comments by
// TypeDoc: every declaration a program meets carries a `@category` naming the part of
// the programmers' guide (compiler/runtime/README.md) it belongs to; the rest of the
// runtime is what engines use inside and is not shown.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import {
  Application,
  Comment,
  type CommentDisplayPart,
  type DeclarationReflection,
  type ProjectReflection,
  ReferenceType,
  ReflectionKind,
  type SignatureReflection,
  type SomeType,
} from "typedoc";

/** The runtime entry an engine imports, and programs through `hexlaw/engines/runtime`. */
export const RUNTIME_ENTRY = fileURLToPath(new URL("../runtime/runtime.ts", import.meta.url));
const ROOT_TSCONFIG = fileURLToPath(new URL("../../tsconfig.json", import.meta.url));

/** One declaration of the API: what it is, what its comment says, and how it is declared. */
export interface ApiEntry {
  name: string;
  kind: "interface" | "type" | "function" | "constant" | "class";
  /** The part of the programmers' guide it belongs to. */
  category: string;
  /** Its doc comment's summary, as Markdown. */
  summary: string;
  /** Its declaration as TypeScript: a signature, a type, or an interface's members. */
  declaration: string;
  /** For an interface: its members, each with its comment. */
  members: { name: string; declaration: string; summary: string }[];
  /** The runtime's declarations its types name. */
  references: string[];
}

export interface ApiReference {
  entries: ApiEntry[];
  /** Declarations of the runtime that a categorized one refers to but that have no category: a program would meet them undocumented. */
  uncategorized: { name: string; from: string }[];
}

const KINDS: Partial<Record<ReflectionKind, ApiEntry["kind"]>> = {
  [ReflectionKind.Interface]: "interface",
  [ReflectionKind.TypeAlias]: "type",
  [ReflectionKind.Function]: "function",
  [ReflectionKind.Variable]: "constant",
  [ReflectionKind.Class]: "class",
};

let cached: Promise<ApiReference> | undefined;

/** The API reference of the runtime (read once per process). */
export function apiReference(): Promise<ApiReference> {
  cached ??= readApi();
  return cached;
}

async function readApi(): Promise<ApiReference> {
  // Only the runtime's files make the program: the repository's tsconfig with the runtime's entry alone.
  const folder = mkdtempSync(join(tmpdir(), "hexlaw-api-"));
  try {
    const tsconfig = join(folder, "tsconfig.json");
    writeFileSync(tsconfig, JSON.stringify({ extends: ROOT_TSCONFIG, compilerOptions: { incremental: false }, include: [], files: [RUNTIME_ENTRY] }));
    const app = await Application.bootstrap({
      entryPoints: [RUNTIME_ENTRY],
      tsconfig,
      skipErrorChecking: true,
      logLevel: "Error",
      disableSources: true,
      disableGit: true,
      sourceLinkTemplate: "",
      sort: ["source-order"],
    });
    const project = await app.convert();
    if (!project) throw new Error("TypeDoc could not read the runtime's types");
    return entriesOf(project);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

function entriesOf(project: ProjectReflection): ApiReference {
  const entries: ApiEntry[] = [];
  const categorized = new Set<string>();
  const referenced: { name: string; from: string }[] = [];
  for (const reflection of project.children ?? []) {
    const kind = KINDS[reflection.kind];
    const category = categoryOf(reflection);
    if (!kind || !category) continue;
    categorized.add(reflection.name);
    const references = referencesOf(reflection);
    for (const name of references) referenced.push({ name, from: reflection.name });
    entries.push({
      name: reflection.name,
      kind,
      category,
      summary: text(reflection.comment?.summary ?? signatureOf(reflection)?.comment?.summary),
      declaration: declarationOf(reflection, kind),
      members: membersOf(reflection),
      references,
    });
  }
  const own = new Set((project.children ?? []).map((r) => r.name));
  const uncategorized = referenced.filter((r) => own.has(r.name) && !categorized.has(r.name));
  return { entries, uncategorized: uncategorized.filter((r, i) => uncategorized.findIndex((s) => s.name === r.name) === i) };
}

/** The `@category` of a declaration (TypeDoc keeps it on the comment of the declaration or of its first signature). */
function categoryOf(reflection: DeclarationReflection): string | undefined {
  for (const comment of [reflection.comment, signatureOf(reflection)?.comment]) {
    const tag = comment?.getTag("@category");
    if (tag) return text(tag.content).trim();
  }
  return undefined;
}

function signatureOf(reflection: DeclarationReflection): SignatureReflection | undefined {
  return reflection.signatures?.[0];
}

function text(parts: readonly CommentDisplayPart[] | undefined): string {
  return parts ? Comment.combineDisplayParts(parts).trim() : "";
}

function signatureText(name: string, signature: SignatureReflection): string {
  const typeParameters = signature.typeParameters?.length ? `<${signature.typeParameters.map((t) => t.name).join(", ")}>` : "";
  const parameters = (signature.parameters ?? []).map((p) => `${p.name}${p.flags.isOptional ? "?" : ""}: ${typeText(p.type)}`).join(", ");
  return `${name}${typeParameters}(${parameters}): ${typeText(signature.type)}`;
}

function typeText(type: SomeType | undefined): string {
  return type ? type.toString() : "unknown";
}

function declarationOf(reflection: DeclarationReflection, kind: ApiEntry["kind"]): string {
  const typeParameters = reflection.typeParameters?.length ? `<${reflection.typeParameters.map((t) => t.name).join(", ")}>` : "";
  switch (kind) {
    case "function":
      return (reflection.signatures ?? []).map((s) => `function ${signatureText(reflection.name, s)}`).join("\n");
    case "type":
      // An object type's members are listed as an interface's are.
      return `type ${reflection.name}${typeParameters}${reflection.children?.length ? "" : ` = ${typeText(reflection.type)}`}`;
    case "constant":
      return `const ${reflection.name}: ${typeText(reflection.type)}`;
    case "interface":
    case "class":
      return `${kind} ${reflection.name}${typeParameters}`;
  }
}

function membersOf(reflection: DeclarationReflection): ApiEntry["members"] {
  return (reflection.children ?? []).map((member) => {
    const signature = member.signatures?.[0];
    const readonly = member.flags.isReadonly ? "readonly " : "";
    const declaration = signature
      ? signatureText(member.name, signature)
      : `${readonly}${member.name}${member.flags.isOptional ? "?" : ""}: ${typeText(member.type)}`;
    return { name: member.name, declaration, summary: text(member.comment?.summary ?? signature?.comment?.summary) };
  });
}

/** The names of the project's declarations a declaration's types refer to. */
function referencesOf(reflection: DeclarationReflection): string[] {
  const names = new Set<string>();
  const visit = (value: unknown, depth: number): void => {
    if (depth > 12 || value === null || typeof value !== "object") return;
    if (value instanceof ReferenceType && value.reflection) names.add(value.reflection.name);
    for (const [key, child] of Object.entries(value)) {
      if (key === "parent" || key === "project" || key === "reflection" || key === "_target") continue;
      if (Array.isArray(child)) for (const item of child) visit(item, depth + 1);
      else visit(child, depth + 1);
    }
  };
  visit(reflection.type, 0);
  for (const signature of reflection.signatures ?? []) {
    visit(signature.type, 0);
    for (const parameter of signature.parameters ?? []) visit(parameter.type, 0);
  }
  for (const member of reflection.children ?? []) {
    visit(member.type, 0);
    for (const signature of member.signatures ?? []) {
      visit(signature.type, 0);
      for (const parameter of signature.parameters ?? []) visit(parameter.type, 0);
    }
  }
  names.delete(reflection.name);
  return [...names];
}
