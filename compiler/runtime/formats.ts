/**
 * The version of each format Hexlaw writes, for programs that read them: an engine
 * module's exports (`metadata`, `schema`, `check`, `resolve`, `distribution`), the wire
 * form of values, what `resolve` and `distribution` return with its trace, the vector
 * files and the rule index. Each has a JSON Schema beside the engines
 * (generated/<format>.schema.json). A version goes up when a program reading the
 * format would have to change (a field removed, renamed, retyped or meaning something
 * else), never for a field added. An engines package's major version is the engine
 * format's, which goes up with the wire and trace formats it returns.
 * @category Engine modules
 */
export const FORMATS = {
  engine: 1,
  wire: 1,
  trace: 1,
  vectors: 1,
  ruleIndex: 1,
} as const;

/**
 * What an engine module's metadata says of the formats it speaks.
 * @category Engine modules
 */
export const ENGINE_FORMATS: Pick<typeof FORMATS, "engine" | "wire" | "trace"> = { engine: FORMATS.engine, wire: FORMATS.wire, trace: FORMATS.trace };
