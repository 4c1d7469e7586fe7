import { corpusWords } from "../../search/words.ts";

export function GET() {
  return new Response(JSON.stringify(corpusWords()), { headers: { "content-type": "application/json" } });
}
