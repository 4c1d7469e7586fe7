import { ruleNumberShards } from "../../../search/rule-numbers.ts";

/** One shard of the rule numbers: /search/rule-numbers/9.json holds 9.0, 9.14b, 9.2(1) of every edition. */
export function getStaticPaths() {
  return [...ruleNumberShards()].map(([shard, numbers]) => ({ params: { shard }, props: { numbers } }));
}

export function GET({ props }: { props: { numbers: unknown } }) {
  return new Response(JSON.stringify(props.numbers), { headers: { "content-type": "application/json" } });
}
