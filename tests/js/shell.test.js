/* A match set up on a phone without a network, in the page (scorekeeper/static/js/shell.js):
   its kept pages filled in with its link, its form's key and its words, as data. */
"use strict";
const test = require("node:test");
const assert = require("node:assert/strict");
const shell = require("../../scorekeeper/static/js/shell.js");

/* As much of a page as the script touches: elements with attributes, text and a title. */
function element(attrs, text) {
  const el = {
    attributes: Object.entries(attrs).map(([name, value]) => ({name, value})),
    textContent: text || "",
    getAttribute(name) { const a = this.attributes.find((x) => x.name === name); return a ? a.value : null; },
    setAttribute(name, value) {
      const a = this.attributes.find((x) => x.name === name);
      if (a) { a.value = String(value); } else { this.attributes.push({name, value: String(value)}); }
    },
  };
  return el;
}

function page(elements, title) {
  return {
    title,
    querySelectorAll(selector) {
      if (selector === "*") { return elements; }
      const name = /^\[([\w-]+)\]$/.exec(selector)[1];
      return elements.filter((el) => el.getAttribute(name) !== null);
    },
  };
}

test("the match's link and the form's key go into the attributes that hold their slots", () => {
  const deal = element({href: "/m/__edit_link__/deals/new", "data-keep": '["/m/__edit_link__/match.json"]'});
  const key = element({name: "idem", value: "__form_key__"});
  const other = element({href: "/rules"});
  const doc = page([deal, key, other], "Deal 1 · {name}");
  shell.fillSlot(doc, "__edit_link__", "EDIT");
  assert.equal(deal.getAttribute("href"), "/m/EDIT/deals/new");
  assert.equal(deal.getAttribute("data-keep"), '["/m/EDIT/match.json"]');
  assert.equal(key.getAttribute("value"), "__form_key__");
  shell.fillSlot(doc, "__form_key__", "KEY");
  assert.equal(key.getAttribute("value"), "KEY");
  assert.equal(other.getAttribute("href"), "/rules");
});

test("the match's words go in as text, never as HTML; a side without players shows none", () => {
  const name = element({"data-shell": "name"});
  const side0 = element({"data-shell": "side-0"}), side1 = element({"data-shell": "side-1"});
  const players0 = element({"data-shell": "players-0"}), players1 = element({"data-shell": "players-1"});
  const targets = [element({"data-shell": "target"}, "3,000"), element({"data-shell": "target"}, "3,000")];
  const doc = page([name, side0, side1, players0, players1, ...targets], "{name} · Scorekeeper");
  shell.fillWords(doc, {name: "<Avós> & \"Netos\" $&", target: "12.000", key: "KEY",
                        sides: [{name: "<Avós>", players: ""}, {name: "Netos", players: "Ana, Rui"}]});
  assert.equal(name.textContent, "<Avós> & \"Netos\" $&");
  assert.equal(side0.textContent, "<Avós>");
  assert.equal(side1.textContent, "Netos");
  assert.equal(players0.textContent, "");
  assert.equal(players1.textContent, "Ana, Rui");
  assert.deepEqual(targets.map((t) => t.textContent), ["12.000", "12.000"]);
  assert.equal(doc.title, "<Avós> & \"Netos\" $& · Scorekeeper");
});

test("an element waiting for a word the match has not is emptied", () => {
  const third = element({"data-shell": "side-2"}, "…");
  const doc = page([third], "Deal 1 · {name}");
  shell.fillWords(doc, {name: "A × B", target: "2.005", sides: [{name: "A", players: ""}]});
  assert.equal(third.textContent, "");
  assert.equal(doc.title, "Deal 1 · A × B");
});

test("a kept page's match: its link read where the page's own address holds its slot", () => {
  const meta = (content) => ({
    querySelector: (selector) => selector === "meta[name=shell]" ? element(
      {name: "shell", content, "data-document": "/m/__edit_link__/match.json"}) : null,
  });
  const deal = meta("/m/__edit_link__/deals/new"), board = meta("/m/__edit_link__");
  assert.deepEqual(shell.ownMatch(deal, "/m/Ab-9_x/deals/new"),
                   {link: "Ab-9_x", document: "/m/Ab-9_x/match.json"});
  assert.deepEqual(shell.ownMatch(board, "/m/Ab-9_x"), {link: "Ab-9_x", document: "/m/Ab-9_x/match.json"});
  for (const path of ["/m/Ab/deals/new/x", "/m//deals/new", "/m/a/b/deals/new", "/x/m/Ab/deals/new",
                      "/m/Ab"]) {
    assert.equal(shell.ownMatch(deal, path), null, path);
  }
  assert.equal(shell.ownMatch(board, "/m/Ab/deals/new"), null);
  assert.equal(shell.ownMatch(board, "/m/"), null);
  assert.equal(shell.ownMatch({querySelector: () => null}, "/m/Ab"), null, "any other page");
});
