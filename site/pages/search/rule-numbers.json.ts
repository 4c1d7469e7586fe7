import { ruleNumbers } from "../../search/rule-numbers.ts";

export function GET() {
  return new Response(JSON.stringify(ruleNumbers()), { headers: { "content-type": "application/json" } });
}
