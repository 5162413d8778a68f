// ESLint's rules for the app's JavaScript (make lint): the pages' scripts, the service
// worker's code and the referee's worker, and the tests that run under node --test.
import js from "@eslint/js";
import globals from "globals";

export default [
  {ignores: ["scorekeeper/static/pack/**", "node_modules/**", ".venv/**"]},
  js.configs.recommended,
  {
    files: ["scorekeeper/static/js/*.js"],
    languageOptions: {ecmaVersion: 2017, sourceType: "script", globals: {...globals.browser}},
  },
  {
    files: ["scorekeeper/static/js/referee.js"],
    languageOptions: {ecmaVersion: 2022, sourceType: "module", globals: {...globals.worker}},
  },
  {
    files: ["scorekeeper/static/js/sw/*.js"],
    languageOptions: {ecmaVersion: 2017, sourceType: "script",
                      globals: {...globals.serviceworker, module: "readonly"}},
  },
  {
    files: ["tests/js/**/*.js"],
    languageOptions: {ecmaVersion: 2022, sourceType: "commonjs", globals: {...globals.node}},
  },
  {
    rules: {
      "no-unused-vars": ["error", {args: "none", caughtErrors: "none"}],
      "no-var": "off",
      eqeqeq: "error",
      "no-implicit-globals": "error",
    },
  },
];
