import { existsSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { tracedParagraph, tracedText, wireText, type EngineModule, type Pending, type Wire } from "../runtime/runtime.ts";
import { UsageError } from "./args.ts";

export async function explain(root: string, target: string | undefined, input: unknown, dice: unknown, asJson: boolean): Promise<number> {
  if (!target || !/^[^/\s]+\/[^/\s]+\/[a-z_][a-z0-9_]*$/i.test(target)) {
    throw new UsageError("name the engine as <ruleset>/<edition>/<procedure>, e.g. ocs/4.3/overrun");
  }
  if (input === undefined) throw new UsageError("--input is required (inline JSON, or @file.json)");
  const path = join(root, "generated", `${target}.ts`);
  if (!existsSync(path)) throw new UsageError(`there is no engine ${target} (looked for generated/${target}.ts; run \`hexlaw build\`?)`);
  const engine = (await import(pathToFileURL(path).href)) as EngineModule;

  const checked = engine.check(input);
  const checkedDice = engine.checkDice(dice ?? {});
  const errors = [...(checked.ok ? [] : checked.errors.map((e) => ({ ...e, path: `input.${e.path}` }))), ...(checkedDice.ok ? [] : checkedDice.errors.map((e) => ({ ...e, path: `dice.${e.path}` })))];
  if (!checked.ok || !checkedDice.ok) {
    if (asJson) process.stdout.write(`${JSON.stringify({ errors }, null, 2)}\n`);
    else process.stderr.write(`The input is not valid for ${target}:\n${errors.map((e) => `  ${e.path.replace(/\.$/, "")}: ${e.message}`).join("\n")}\n`);
    return 2;
  }
  const resolution = engine.resolve(checked.value, checkedDice.value);
  if (asJson) {
    process.stdout.write(`${JSON.stringify(resolution, null, 2)}\n`);
    return 0;
  }
  const m = engine.metadata;
  const lines = [`${m.rulesetTitle} · ${m.editionTitle} · ${m.title} (${m.paragraph})`, ""];
  lines.push(resolution.allowed ? "Allowed." : "Not allowed:");
  for (const v of resolution.violations) lines.push(`  ✗ ${v.message} (${v.paragraph})`);
  lines.push("");
  const outputs = resolution.outputs as Record<string, Wire>;
  const pending = resolution.pending as Record<string, Pending>;
  for (const group of m.outputs) {
    lines.push(`${group.label}:`);
    for (const name of group.names) {
      const { label, paragraph: defined } = m.definitions[name] ?? { label: name, paragraph: "" };
      // An exception that applied is cited, as the trace cites it.
      const paragraph = tracedParagraph(resolution.trace, name) ?? defined;
      const shown = tracedText(resolution.trace, name) ?? wireText(outputs[name]);
      if (name in outputs) lines.push(`  ${label}: ${shown} (${paragraph})`);
      else if (pending[name]?.kind === "refused") lines.push(`  ${label}: ${pending[name].message} (${pending[name].paragraph})`);
      else lines.push(`  ${label}: — ${pending[name]?.message ?? "not computed"} (${paragraph})`);
    }
  }
  lines.push("", "Trace:");
  resolution.trace.forEach((step, i) => {
    const item = step.item !== undefined ? `[${step.item + 1}]` : "";
    lines.push(`  ${String(i + 1).padStart(3)}. ${step.paragraph.padEnd(8)} ${step.name}${item} = ${step.display}${step.quote ? `   “${step.quote}”` : ""}${step.cell ? `   (${step.cell})` : ""}`);
  });
  process.stdout.write(`${lines.join("\n")}\n`);
  return 0;
}
