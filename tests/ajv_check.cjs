// Validate JSON documents against the shipped JSON Schemas with Ajv2020 in strict mode,
// as a JavaScript frontend would (run by tests/test_schemas.py).
//
// Usage: node tests/ajv_check.cjs AJV_DIR < request.json
// request: {"schemas": {name: schema, ...}, "documents": [[name, document], ...]}
// prints:  {"compiled": {name: null | error}, "results": [true | [errors...], ...]}
"use strict";
const path = require("path");
const Ajv2020 = require(path.join(process.argv[2], "node_modules", "ajv", "dist", "2020")).default;

let input = "";
process.stdin.setEncoding("utf8");
process.stdin.on("data", (chunk) => (input += chunk));
process.stdin.on("end", () => {
  const request = JSON.parse(input);
  const compiled = {};
  const validators = {};
  for (const [name, schema] of Object.entries(request.schemas)) {
    try {
      const ajv = new Ajv2020({ strict: true, allErrors: true });
      validators[name] = ajv.compile(schema);
      compiled[name] = null;
    } catch (e) {
      compiled[name] = String(e.message || e);
    }
  }
  const results = request.documents.map(([name, doc]) => {
    const validate = validators[name];
    if (!validate) return ["schema did not compile"];
    return validate(doc) ? true : validate.errors.map((e) => `${e.instancePath} ${e.message}`);
  });
  process.stdout.write(JSON.stringify({ compiled, results }));
});
