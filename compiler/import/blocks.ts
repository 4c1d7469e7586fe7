/** A run of lines of a document that belongs together: a paragraph, a list, a fenced block, a directive. */
export interface Block {
  /** Line index (0-based) of its first line in the document. */
  line: number;
  text: string;
  /** Ours rather than the source's: a rules block or other fenced block, a directive other than a figure, a block quote, a comment. */
  annotation: boolean;
}

const FENCE = /^[ \t]{0,3}(`{3,}|~{3,})/;
const CONTAINER = /^[ \t]{0,3}(:{3,})[A-Za-z]/;

/**
 * Splits lines into blocks at blank lines, keeping a fenced code block or a
 * container directive (`:::chart` … `:::`) whole even across blank lines.
 */
export function splitBlocks(lines: string[], firstLine = 0): Block[] {
  const blocks: Block[] = [];
  let i = 0;
  while (i < lines.length) {
    if (lines[i].trim() === "") {
      i++;
      continue;
    }
    const start = i;
    const fence = FENCE.exec(lines[i]);
    const container = fence ? null : CONTAINER.exec(lines[i]);
    if (fence || container) {
      const marker = fence ? fence[1] : container![1];
      const closes = fence
        ? (line: string) => new RegExp(`^[ \\t]{0,3}${marker[0] === "`" ? "`" : "~"}{${marker.length},}[ \\t]*$`).test(line)
        : (line: string) => new RegExp(`^[ \\t]{0,3}:{${marker.length},}[ \\t]*$`).test(line);
      i++;
      while (i < lines.length && !closes(lines[i])) i++;
      i = Math.min(i + 1, lines.length);
    } else {
      while (i < lines.length && lines[i].trim() !== "" && (i === start || (!FENCE.test(lines[i]) && !CONTAINER.test(lines[i])))) i++;
    }
    const text = lines.slice(start, i).join("\n");
    blocks.push({ line: firstLine + start, text, annotation: isAnnotation(text) });
  }
  return blocks;
}

function isAnnotation(text: string): boolean {
  const first = text.trimStart();
  if (FENCE.test(text) || /^:{3,}/.test(first)) return true;
  if (/^::[A-Za-z]/.test(first)) return !/^::figure\b/.test(first);
  return first.startsWith(">") || first.startsWith("<!--");
}

/** A block as compared between versions: a figure by its file alone (its caption is ours). */
export function comparable(block: Block): string {
  return block.text.replace(/^([ \t]*)::figure\[(?:\\.|[^\]\\])*\]/gm, "$1::figure");
}
