/* A page that follows an evening by itself (scorekeeper/static/js/follow.js): how often
   it asks, how it waits once the server does not answer, and when something is being
   typed in it (its new content then waits for a tap). */
"use strict";
const test = require("node:test");
const assert = require("node:assert/strict");
const follow = require("../../scorekeeper/static/js/follow.js");

test("a page asks as often as it says, never more than every 2 seconds", () => {
  assert.equal(follow.every("3"), 3000);
  assert.equal(follow.every("2"), 2000);
  assert.equal(follow.every("0.5"), 2000);
  assert.equal(follow.every("-1"), 5000);
  assert.equal(follow.every("soon"), 5000);
  assert.equal(follow.every(null), 5000);
});

test("a server that does not answer is asked less and less often, at most every minute", () => {
  const base = 3000;
  const waits = [];
  let wait = base;
  for (let i = 0; i < 8; i += 1) {
    wait = follow.later(wait, false, base);
    waits.push(wait);
  }
  assert.deepEqual(waits, [6000, 12000, 24000, 48000, 60000, 60000, 60000, 60000]);
  assert.equal(follow.later(60000, true, base), 3000);  // it answers: the page's own again
});

/* A field as the page holds it: its type, what it holds and what it came with. */
function field(type, value, served, extra) {
  return Object.assign({type, value, defaultValue: served}, extra || {});
}

test("what the page came with is not typing; what differs from it is", () => {
  assert.equal(follow.changed(field("text", "", "")), false);
  assert.equal(follow.changed(field("text", "45", "45")), false);  // a value the server filled in
  assert.equal(follow.changed(field("text", "4", "")), true);
  assert.equal(follow.changed(field("textarea", "Rossi\nVerdi", "Rossi")), true);
  assert.equal(follow.changed(field("hidden", "x", "y")), false);  // a form's key, never typed
  assert.equal(follow.changed(field("submit", "deal", "")), false);
  assert.equal(follow.changed({type: "checkbox", checked: true, defaultChecked: false}), true);
  assert.equal(follow.changed({type: "radio", checked: true, defaultChecked: true}), false);
  assert.equal(follow.changed({type: "file", value: "C:\\fakepath\\pairs.csv"}), true);
  const options = [{selected: false, defaultSelected: true}, {selected: true, defaultSelected: false}];
  assert.equal(follow.changed({type: "select-one", options}), true);
  assert.equal(follow.changed({type: "select-one", options: [{selected: true, defaultSelected: true}]}), false);
  // a list the page marked nothing in comes with its first option chosen
  const first = [{selected: true, defaultSelected: false}, {selected: false, defaultSelected: false}];
  assert.equal(follow.changed({type: "select-one", options: first}), false);
  const second = [{selected: false, defaultSelected: false}, {selected: true, defaultSelected: false}];
  assert.equal(follow.changed({type: "select-one", options: second}), true);
  assert.equal(follow.changed({type: "select-multiple", options: second}), true);
});

test("a field being typed in counts, even before it holds anything", () => {
  const code = field("text", "", ""), key = field("hidden", "k", "k");
  assert.equal(follow.typing([code, key], null), false);
  assert.equal(follow.typing([code, key], code), true);
  assert.equal(follow.typing([code, key], key), false);
  const box = {type: "checkbox", checked: false, defaultChecked: false};
  assert.equal(follow.typing([box], box), false);  // a box that has the focus holds no typing
});

test("a page's tag is sent as an ETag; the server's ETag as it came", () => {
  assert.equal(follow.quoted("2e88a386"), 'W/"2e88a386"');
  assert.equal(follow.quoted('W/"2e88a386"'), 'W/"2e88a386"');
  assert.equal(follow.quoted('"abc"'), '"abc"');
  assert.equal(follow.quoted(""), null);
  assert.equal(follow.quoted(null), null);
});
