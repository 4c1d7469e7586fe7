/**
 * The Hexlaw engine runtime: the values, checks and enumeration every generated
 * engine shares. The compiler copies this folder to generated/runtime/; engines
 * import this entry, and nothing else.
 *
 * Values cross the engine boundary in "wire" form (plain JSON): odds as "3:1",
 * ranges as "9 or more", `all` as "all", none as null, notation results as
 * objects with their `text`. Inside an engine, odds and ranges are objects.
 */

export * from "./numbers.ts";
export * from "./bounds.ts";
export * from "./values.ts";
export * from "./stop.ts";
export * from "./arithmetic.ts";
export * from "./lists.ts";
export * from "./tables.ts";
export * from "./wire.ts";
export * from "./input.ts";
export * from "./resolution.ts";
export * from "./distribution.ts";
export * from "./engine.ts";
export * from "./formats.ts";
