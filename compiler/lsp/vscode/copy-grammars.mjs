// Copies the rules language's TextMate grammars (grammar/*.tmLanguage.json, which the compiler
// writes from the language's words) into syntaxes/: an extension reads only files of its folder.
import { copyFileSync, mkdirSync } from "node:fs";

const grammars = new URL("../../../grammar/", import.meta.url);
const syntaxes = new URL("./syntaxes/", import.meta.url);
mkdirSync(syntaxes, { recursive: true });
for (const name of ["rules.tmLanguage.json", "rules.markdown.tmLanguage.json"]) copyFileSync(new URL(name, grammars), new URL(name, syntaxes));
