/**
 * What publishing reads of the editions as checked and emitted, with the worked examples
 * verified here (verify-examples.ts): a phase sees earlier phases only through the output of the
 * phase just before it (test/compiler/import-rule.test.ts).
 */
export type { Amendment, Chart, CheckedEdition, EmittedEdition, EngineFiles, ProcedureModel, RuleDocument, TableKey, TableModel } from "../4-emit/types.ts";
