// Loaded into each Node process of a measured command (NODE_OPTIONS=--import): on exit it
// adds the process's peak resident memory, in KB, to the file HEXLAW_PEAK_FILE names.
import { appendFileSync } from "node:fs";

process.on("exit", () => {
  if (process.env.HEXLAW_PEAK_FILE) appendFileSync(process.env.HEXLAW_PEAK_FILE, `${process.resourceUsage().maxRSS}\n`);
});
