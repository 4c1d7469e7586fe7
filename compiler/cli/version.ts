import { readFileSync } from "node:fs";

/** Hexlaw's own version, from its package.json. */
export function hexlawVersion(): string {
  return (JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as { version: string }).version;
}
