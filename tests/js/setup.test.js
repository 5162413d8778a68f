/* A match set up on a phone without a network (scorekeeper/static/js/sw/setup.js): the
   new match form read as the server reads it, and its kept pages in its own words. */
"use strict";
const test = require("node:test");
const assert = require("node:assert/strict");
const S = require("../../scorekeeper/static/js/sw/setup.js");

const SETUP = {
  defaults: ["Nós", "Eles"], thousands: "1.000", target: 99991,
  rules: {"buraco-aberto": {target: 3000, pages: {
    2: {board: "/offline/board/pt_BR/buraco-aberto/2", deal: "/offline/deal/pt_BR/buraco-aberto/2"},
    3: {board: "/offline/board/pt_BR/buraco-aberto/3", deal: "/offline/deal/pt_BR/buraco-aberto/3"}}}},
  shell: {edit: "__edit_link__", view: "__view_link__", name: "__match_name__", key: "__form_key__",
          side: "__side_{n}__", players: "__players_{n}__"},
};

function form(fields) { return new URLSearchParams(fields); }

test("sides left empty take the page's default names; a side of players is named after them", () => {
  const sides = S.sidesOf(form({"sides-0-name": " ", "sides-0-players": "", "sides-1-name": "",
                                "sides-1-players": "Ana, Rui ,\u200b"}), SETUP.defaults);
  assert.deepEqual(sides, [{name: "Nós", players: []}, {name: "Ana & Rui", players: ["Ana", "Rui"]}]);
});

test("a match the server would take: its name, target and kept pages", () => {
  const match = S.matchOf(form({profile: "buraco-aberto", "sides-0-name": "Avós", "sides-1-name": "Netos",
                                target: "5000"}), SETUP);
  assert.equal(match.name, "Avós \u00d7 Netos");
  assert.equal(match.target, 5000);
  assert.equal(match.board, "/offline/board/pt_BR/buraco-aberto/2");
  assert.equal(match.deal, "/offline/deal/pt_BR/buraco-aberto/2");
  assert.equal(S.matchOf(form({profile: "buraco-aberto", "sides-0-name": "A", "sides-1-name": "B"}),
                         SETUP).target, 3000);
});

test("a match is queued as typed: the server judges its target and names at sync", () => {
  const two = {profile: "buraco-aberto", "sides-0-name": "A", "sides-1-name": "B"};
  assert.equal(S.matchOf(form(Object.assign({}, two, {target: "99"})), SETUP).target, 99);
  assert.equal(S.matchOf(form(Object.assign({}, two, {target: "100001"})), SETUP).target, 100001);
  assert.deepEqual(S.matchOf(form(Object.assign({}, two, {"sides-1-name": "A"})), SETUP).sides,
                   [{name: "A", players: []}, {name: "A", players: []}]);
});

test("a match this phone keeps no page for, or whose target is no whole number, is not set up", () => {
  const two = {profile: "buraco-aberto", "sides-0-name": "A", "sides-1-name": "B"};
  assert.equal(S.matchOf(form(Object.assign({}, two, {target: "2500.5"})), SETUP), null);
  assert.equal(S.matchOf(form(Object.assign({}, two, {profile: "burro"})), SETUP), null);
  assert.equal(S.matchOf(form({profile: "buraco-aberto", "sides-0-name": "A", "sides-1-name": "B",
                               "sides-2-name": "C", "sides-3-name": "D"}), SETUP), null);
});

test("a kept page in the match's own words, escaped, with its target in the page's digits", () => {
  const html = '<a href="/offline/board/pt_BR/buraco-aberto/2">__match_name__</a> __side_0__ ' +
    "__side_1__ (__players_1__) /m/__edit_link__ /v/__view_link__ __form_key__ 99.991";
  const entry = {token: "EDIT", match: {name: "<Avós> & \"Netos\"", view: "VIEW", target: 12000,
    sample: 99991, thousands: "1.000", shell: SETUP.shell,
    sides: [{name: "Avós", players: []}, {name: "Netos", players: ["Ana", "Rui"]}]}};
  const out = S.ownWords(html, entry, "/offline/board/pt_BR/buraco-aberto/2", "/m/EDIT", "KEY");
  assert.equal(out, '<a href="/m/EDIT">&lt;Avós&gt; &amp; &quot;Netos&quot;</a> Avós Netos (Ana, Rui) ' +
    "/m/EDIT /v/VIEW KEY 12.000");
});

test("which page of a match set up here a path asks for", () => {
  assert.deepEqual(S.pageOf("/m/abc"), {token: "abc", kind: "board"});
  assert.deepEqual(S.pageOf("/m/abc/deals/new"), {token: "abc", kind: "deal"});
  assert.deepEqual(S.pageOf("/m/abc/match.json"), {token: "abc", kind: "doc"});
  assert.equal(S.pageOf("/m/abc/deals/2/edit"), null);
  assert.deepEqual(S.matchDocument({profile: "burraco", target: 2005, sides: [{name: "A"}, {name: "B"}]}),
                   {version: 1, match: {profile: "burraco", target: 2005, deals: [], sides: ["A", "B"]}});
});

test("links and keys: 22 URL-safe characters, as the server makes them", () => {
  let n = 0;
  const crypto = {getRandomValues: (bytes) => { bytes.forEach((_, i) => { bytes[i] = (n++ * 37 + 251) % 256; }); }};
  const k = S.key(crypto);
  assert.match(k, /^[A-Za-z0-9_-]{22}$/);
  assert.notEqual(S.key(crypto), k);
});

test("a table's sides: the players ticked, by the names sent beside their ids", () => {
  const fields = form([["sides-0-name", ""], ["sides-0-seats", "4"], ["sides-0-seats", "7"],
                       ["sides-1-name", "Netos"], ["sides-1-seats", "9"],
                       ["player-4", "Vovó Maria"], ["player-7", "Tio Joaquim"], ["player-9", "Rui"]]);
  assert.deepEqual(S.sidesOf(fields, SETUP.defaults), [
    {name: "Vovó Maria & Tio Joaquim", players: ["Vovó Maria", "Tio Joaquim"]},
    {name: "Netos", players: ["Rui"]}]);
});
