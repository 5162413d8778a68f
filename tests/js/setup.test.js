/* A match set up on a phone without a network (scorekeeper/static/js/sw/setup.js): the
   new match form as the phone's referee read it, the pages that show it, and its match
   document with the words they show. */
"use strict";
const test = require("node:test");
const assert = require("node:assert/strict");
const S = require("../../scorekeeper/static/js/sw/setup.js");

const SETUP = {
  lang: "pt_BR",
  rules: {"buraco-aberto": {pages: {
    2: {board: "/offline/board/pt_BR/buraco-aberto/2", deal: "/offline/deal/pt_BR/buraco-aberto/2"},
    3: {board: "/offline/board/pt_BR/buraco-aberto/3", deal: "/offline/deal/pt_BR/buraco-aberto/3"}}}},
};

/* what the phone's referee answers for a new match form (scorekeeper.phone, new-match) */
const WORDS = {name: "Avós × Netos", profile: "buraco-aberto", target: 12000,
               sides: [{name: "Avós", players: []}, {name: "Netos", players: ["Ana", "Rui"]}],
               shown: {target: "12.000", players: ["", "Ana, Rui"]}};

function form(fields) { return new URLSearchParams(fields); }

test("a match as the phone's referee read it, with the kept pages of its rules and sides", () => {
  const fields = form({profile: "buraco-aberto", "sides-0-name": "Avós", target: "12000",
                       phone_words: JSON.stringify(WORDS)});
  const match = S.matchOf(fields, SETUP);
  assert.deepEqual(match, {name: "Avós × Netos", profile: "buraco-aberto", target: 12000,
                           sides: WORDS.sides, shown: WORDS.shown,
                           board: "/offline/board/pt_BR/buraco-aberto/2",
                           deal: "/offline/deal/pt_BR/buraco-aberto/2"});
  /* the form is queued as typed: the server reads it again */
  assert.equal(fields.has("phone_words"), false);
  assert.equal(fields.get("sides-0-name"), "Avós");
});

test("a match the referee did not read, or this phone keeps no page for, is not set up", () => {
  assert.equal(S.matchOf(form({profile: "buraco-aberto"}), SETUP), null);
  assert.equal(S.matchOf(form({phone_words: "{not json"}), SETUP), null);
  assert.equal(S.matchOf(form({phone_words: JSON.stringify(WORDS)}), null), null);
  const burro = Object.assign({}, WORDS, {profile: "burro"});
  assert.equal(S.matchOf(form({phone_words: JSON.stringify(burro)}), SETUP), null);
  const four = Object.assign({}, WORDS, {sides: [1, 2, 3, 4].map((n) => ({name: String(n), players: []}))});
  assert.equal(S.matchOf(form({phone_words: JSON.stringify(four)}), SETUP), null);
});

test("the match document of a match set up here: its pages' words and a deal form's key", () => {
  const match = S.matchOf(form({phone_words: JSON.stringify(WORDS)}), SETUP);
  assert.deepEqual(S.matchDocument(match, "KEY"), {
    version: 1, match: {profile: "buraco-aberto", target: 12000, deals: [], sides: ["Avós", "Netos"]},
    shell: {name: "Avós × Netos", target: "12.000", key: "KEY",
            sides: [{name: "Avós", players: ""}, {name: "Netos", players: "Ana, Rui"}]}});
});

test("which page of a match set up here a path asks for", () => {
  const routes = require("./routes.json");  /* as /sw.js sends them (web/swroutes.py) */
  assert.deepEqual(S.pageOf("/m/abc", routes), {token: "abc", kind: "board"});
  assert.deepEqual(S.pageOf("/m/abc/deals/new", routes), {token: "abc", kind: "deal"});
  assert.deepEqual(S.pageOf("/m/abc/match.json", routes), {token: "abc", kind: "doc"});
  assert.equal(S.pageOf("/m/abc/deals/2/edit", routes), null);
});

test("links and keys: 22 URL-safe characters, as the server makes them", () => {
  let n = 0;
  const crypto = {getRandomValues: (bytes) => { bytes.forEach((_, i) => { bytes[i] = (n++ * 37 + 251) % 256; }); }};
  const k = S.key(crypto);
  assert.match(k, /^[A-Za-z0-9_-]{22}$/);
  assert.notEqual(S.key(crypto), k);
});
