// The site's own scripts and styles made smaller in place (esbuild): comments and spaces dropped, local names
// shortened; module imports and exports, strings and the syntax used stay as written (`target`: nothing newer is
// written in). build.py runs it on the built site's static/: node tools/minify.mjs FILE...
import { readFileSync, writeFileSync } from "node:fs";
import { transformSync } from "esbuild";

/** The newest syntax the scripts are written in (top-level await): minifying writes nothing newer. */
const TARGET = "es2022";

for (const file of process.argv.slice(2)) {
  const css = file.endsWith(".css");
  try {
    const { code } = transformSync(readFileSync(file, "utf8"), {
      loader: css ? "css" : "js",
      minify: true,
      legalComments: "none",
      charset: "utf8", // Chinese as written, not as \u escapes (three times the bytes)
      ...(css ? {} : { target: TARGET }),
    });
    writeFileSync(file, code);
  } catch (error) {
    console.error(`${file}: ${error.message}`);
    process.exitCode = 1;
  }
}
