/** Where a format's JSON Schema says it is from (`$id`), and how the schemas refer to one another. */
export function schemaId(format: string): string {
  return `https://hexlaw.dev/schemas/${format}.schema.json`;
}
