/* Progressive enhancement only: every page works without this file.
   The referee decides everything; this script only asks it (POST /api/v1/check), or,
   when the server cannot be reached, the same referee on the phone (js/phone.js): the
   entry mode per side, the counts' steppers, the card picker with its run and set
   builders and live verdicts, a new table's time zone. */
(function () {
  "use strict";
  var doc = document, root = doc.documentElement;
  root.classList.add("js");
  /* The cards the picker offers, as the page gives them (cardtext.deck): the ranks in run
     order, the suits' letters and symbols, the red suits. */
  function deckOf(words) {
    var deck = words.deck || {order: [], suits: [], red: []}, symbols = {};
    deck.suits.forEach(function (s) { symbols[s[0]] = s[1]; });
    return {order: deck.order, suits: deck.suits, red: deck.red, symbols: symbols,
            ranks: deck.order.filter(function (r, i) { return deck.order.indexOf(r) === i; })};
  }

  function el(tag, attrs, text) {
    var e = doc.createElement(tag);
    for (var k in attrs) { e.setAttribute(k, attrs[k]); }
    if (text) { e.textContent = text; }
    return e;
  }
  /* A card as the referee wrote it (QH, 2S*: rank, suit letter, the wildcard's mark) with
     the page's rank letter and the suit's symbol (a French queen of hearts: D and
     the hearts symbol); anything else (JK) as it is.
     Which cards there are is the referee's to say: this only swaps letters it gave. */
  function pretty(card, ranks, symbols) {
    var mark = card.slice(-1) === "*" ? "*" : "", bare = mark ? card.slice(0, -1) : card;
    var rank = bare.slice(0, -1), symbol = symbols[bare.slice(-1)];
    return symbol && rank ? (ranks[rank] || rank) + symbol + mark : card;
  }

  /* who deals and who plays first (the _macros.html turn), ``by`` deals on: the new deals
     waiting on the phone come before the one a page speaks of. The server wrote the turns
     of the deals from that one on (data-next, scoreboard.turn); past them, the turn is the
     server's to say once the deals reach it: none is shown. */
  function turnOn(by) {
    doc.querySelectorAll(".turn[data-next]").forEach(function (turn) {
      var ahead = JSON.parse(turn.getAttribute("data-next")), who = turn.querySelectorAll("b");
      if (!ahead.length || who.length < 2) { return; }
      var picked = ahead[by];
      turn.hidden = !picked;
      if (!picked) { return; }
      who[0].textContent = picked[0];
      who[1].textContent = picked[1];
    });
  }

  /* for the scoreboard's deals waiting on the phone (js/outbox.js) and a deal form kept on it (js/deal.js) */
  var S = window.Scorekeeper = window.Scorekeeper || {};
  S.el = el;
  S.turnOn = turnOn;

  function lines(text) {
    return text.split("\n").map(function (l) { return l.trim(); }).filter(function (l) { return l && l !== "!"; });
  }

  /* Entry mode per side: cards or counts. */
  doc.querySelectorAll("input.mode").forEach(function (radio) {
    radio.addEventListener("change", function () {
      var box = radio.closest("fieldset.side");
      if (box && radio.checked) { box.setAttribute("data-mode", radio.value); }
    });
  });

  /* - and + around the canastra counts. */
  doc.querySelectorAll("input[data-stepper]").forEach(function (input) {
    var wrap = el("div", {"class": "stepper"});
    input.parentNode.insertBefore(wrap, input);
    function step(d) {
      return function () {
        var v = Math.max(0, (parseInt(input.value, 10) || 0) + d);
        input.value = v ? String(v) : "";
        input.dispatchEvent(new Event("change", {bubbles: true}));
      };
    }
    var label = doc.querySelector('label[for="' + input.id + '"]');
    var name = label ? label.textContent.trim() : input.id;
    var minus = el("button", {type: "button", "aria-label": "\u2212 " + name}, "\u2212");
    var plus = el("button", {type: "button", "aria-label": "+ " + name}, "+");
    minus.addEventListener("click", step(-1));
    plus.addEventListener("click", step(1));
    wrap.appendChild(minus); wrap.appendChild(input); wrap.appendChild(plus);
  });

  /* The picker's keys: the suits and the joker, then the ranks in the page's letters (V D R
     in French); a card is written with its suit's symbol, which no language misreads (C is
     clubs in English, hearts in French). ``on`` says what a tap on each kind of key does. */
  function keypad(words, on) {
    var letters = words.ranks || {}, deck = deckOf(words);
    var pad = {suit: "H", suits: el("div", {"class": "suits"}), ranks: el("div", {"class": "ranks"})};
    var suitButtons = [], rankButtons = [];
    pad.card = function (r, s) { return (letters[r] || r) + deck.symbols[s]; };
    pad.press = function (rank) {
      rankButtons.forEach(function (b) { b.setAttribute("aria-pressed", b.getAttribute("data-rank") === rank ? "true" : "false"); });
    };
    deck.suits.forEach(function (s) {
      var b = el("button", {type: "button", "data-suit": s[0], "aria-pressed": s[0] === pad.suit ? "true" : "false",
        "class": deck.red.indexOf(s[0]) >= 0 ? "r" : ""}, s[1]);
      b.addEventListener("click", function () {
        pad.suit = s[0];
        suitButtons.forEach(function (o) { o.setAttribute("aria-pressed", o === b ? "true" : "false"); });
        on.suit(s[0]);
      });
      suitButtons.push(b); pad.suits.appendChild(b);
    });
    var joker = el("button", {type: "button", "data-rank": "JK"}, "JK");
    joker.addEventListener("click", on.joker);
    pad.suits.appendChild(joker);
    deck.ranks.forEach(function (r) {
      var b = el("button", {type: "button", "data-rank": r, "aria-pressed": "false"}, letters[r] || r);
      b.addEventListener("click", function () { on.rank(r); });
      rankButtons.push(b); pad.ranks.appendChild(b);
    });
    return pad;
  }
  function wordsOf(form) {
    try { return JSON.parse(form && form.getAttribute("data-words")) || {}; } catch (e) { return {}; }
  }

  /* A field of loose cards (a hand, the top of the pile, an opening typed meld by meld):
     the keys open under it from their own button, so a tap never brings up the phone's
     keyboard; a box of several lines gets a "new meld" key. */
  doc.querySelectorAll("input[data-cards], textarea[data-cards]").forEach(function (input) {
    var words = wordsOf(input.closest("form[data-words]"));
    var picker = el("div", {"class": "picker loose", id: input.id + "-keys", hidden: ""});
    var open = el("button", {type: "button", "class": "keys", "aria-expanded": "false",
      "aria-controls": picker.id, "aria-label": words.keys || "Cards"},
      deckOf(words).suits.slice(0, 2).map(function (s) { return s[1]; }).join(""));
    function changed() { input.dispatchEvent(new Event("input", {bubbles: true})); }
    function add(card) {
      var v = input.value;
      input.value = (v && !/\s$/.test(v) ? v + " " : v) + card;
      changed();
    }
    var pad = keypad(words, {
      suit: function () {}, joker: function () { add("JK"); },
      rank: function (r) { add(pad.card(r, pad.suit)); }
    });
    var back = el("button", {type: "button", "data-action": "back"}, words.back || "\u232b");
    back.addEventListener("click", function () { input.value = input.value.replace(/\s*\S+\s*$/, ""); changed(); });
    var tools = el("div", {"class": "actions"});
    if (input.tagName === "TEXTAREA") {
      var line = el("button", {type: "button", "data-action": "new-meld"}, words["new"] || "+");
      line.addEventListener("click", function () {
        if (input.value.trim() && !/\n\s*$/.test(input.value)) { input.value = input.value.replace(/\s+$/, "") + "\n"; changed(); }
      });
      tools.appendChild(line);
    }
    tools.appendChild(back);
    picker.appendChild(pad.suits); picker.appendChild(pad.ranks); picker.appendChild(tools);
    open.addEventListener("click", function () {
      picker.hidden = !picker.hidden;
      open.setAttribute("aria-expanded", picker.hidden ? "false" : "true");
    });
    input.parentNode.insertBefore(open, input.nextSibling);
    /* beside another field (the hand and its points), the keys take the whole row below */
    var pair = input.closest(".pair");
    if (pair) { pair.appendChild(picker); } else { open.parentNode.insertBefore(picker, open.nextSibling); }
  });

  /* Card picker and live verdicts for every meld box (deal entry, meld checker). */
  doc.querySelectorAll("textarea[data-picker]").forEach(function (area) {
    var form = area.closest("form[data-check]");
    if (!form) { return; }
    var words = wordsOf(form);
    var side = area.getAttribute("data-picker");
    var picker = el("div", {"class": "picker", "data-side": side});
    /* How a tap on a rank writes: one card; a run (first rank, then last: the whole run
       in the chosen suit; the ace twice, ace to ace); a set (a rank, then one tap per
       suit). Every key adds to the line being written, a built run's too (a joker at its
       end): only "New meld" starts another. */
    var way = "card", first = null;
    var ways = el("div", {"class": "ways", role: "group"});
    var wayButtons = [["card", words.cards || "1"], ["run", words.run || "run"], ["set", words.set || "set"]]
      .map(function (w) {
        var label = w[1].charAt(0).toUpperCase() + w[1].slice(1);
        var b = el("button", {type: "button", "data-way": w[0], "aria-pressed": w[0] === way ? "true" : "false"}, label);
        b.addEventListener("click", function () {
          way = w[0]; first = null; pad.press(null);
          wayButtons.forEach(function (o) { o.setAttribute("aria-pressed", o === b ? "true" : "false"); });
        });
        ways.appendChild(b);
        return b;
      });
    var pad = keypad(words, {
      suit: function (s) { if (way === "set" && first) { add(pad.card(first, s)); } },
      joker: function () { add("JK"); },
      rank: function (r) {
        if (way === "card") { add(pad.card(r, pad.suit)); return; }
        if (way === "set") { first = r; pad.press(first); return; }
        if (first === null) { first = r; pad.press(first); return; }
        add(run(first, r)); first = null; pad.press(null);
      }
    });
    var letters = words.ranks || {}, order = deckOf(words).order;
    /* The run from one rank to another in the chosen suit, along the page's run order: to
       a rank that stands twice in it (the ace), its last place, so that ace to ace is the
       whole suit (14 cards); any other rank twice, that one card. */
    function run(from, to) {
      var a = order.indexOf(from), b = order.lastIndexOf(to);
      var lo = Math.min(a, b), hi = Math.max(a, b), out = [];
      for (var i = lo; i <= hi; i++) { out.push(pad.card(order[i], pad.suit)); }
      return out.join(" ");
    }
    var tools = el("div", {"class": "actions"});
    var newMeld = el("button", {type: "button", "data-action": "new-meld"}, words["new"] || "+");
    var back = el("button", {type: "button", "data-action": "back"}, words.back || "\u232b");
    newMeld.addEventListener("click", function () {
      if (area.value.trim() && !/\n\s*$/.test(area.value)) { area.value = area.value.replace(/\s+$/, "") + "\n"; }
      changed();
    });
    back.addEventListener("click", function () {
      area.value = area.value.replace(/\s*\S+\s*$/, "");
      changed();
    });
    tools.appendChild(newMeld); tools.appendChild(back);
    var list = el("ol", {"class": "verdicts", "aria-live": "polite", "data-side": side});
    picker.appendChild(ways); picker.appendChild(pad.suits); picker.appendChild(pad.ranks); picker.appendChild(tools); picker.appendChild(list);
    area.parentNode.insertBefore(picker, area.nextSibling);

    function add(card) {
      var v = area.value;
      if (v && !/[\s\n]$/.test(v)) { v += " "; }
      area.value = v + card;
      changed();
    }
    var timer = null, seq = 0;
    function changed() { clearTimeout(timer); timer = setTimeout(check, 200); }
    area.addEventListener("input", changed);

    function check() {
      var melds = lines(area.value);
      var mine = ++seq;
      if (!melds.length) { list.textContent = ""; return; }
      var choice = form.querySelector("select[name=profile]");
      /* the match's own rules: its house rules' document (data-rules), else its profile */
      var house = form.getAttribute("data-rules");
      var body = {profile: choice ? choice.value : house ? JSON.parse(house) : form.getAttribute("data-profile"),
                  melds: melds.map(function (l) {
        return /!$/.test(l) ? {cards: l.slice(0, -1).trim(), in_one_go: true} : l;
      })};
      var lang = (root.getAttribute("lang") || "en").replace("-", "_");
      fetch(form.getAttribute("data-check") + "?lang=" + encodeURIComponent(lang) + "&notation=" + encodeURIComponent(lang), {
        method: "POST", headers: {"Content-Type": "application/json"}, body: JSON.stringify(body)
      }).then(function (r) { return r.json(); }).then(function (data) {
        if (mine !== seq) { return; }
        show(melds, data);
      }).catch(function () {
        /* no server: the phone's own referee, else say so rather than an empty list */
        if (S.refereeUrl && mine === seq && !list.querySelector(".verdict")) {
          list.textContent = "";
          list.appendChild(el("li", {"class": "muted"}, words.checking || ""));
        }
        S.referee({kind: "check", body: body, lang: lang, notation: lang})
          .then(function (answer) {
            if (mine !== seq) { return; }
            show(melds, answer.doc);
            list.appendChild(el("li", {"class": "muted"}, words.phone || ""));
          }, function () {
            list.textContent = "";
            if (mine === seq) { list.appendChild(el("li", {"class": "bad"}, words.offline || "")); }
          });
      });
    }
    function show(melds, data) {
      list.textContent = "";
      if (data.error) {
        list.appendChild(el("li", {"class": "bad"}, "\u2717 " + data.error.message));
        return;
      }
      (data.melds || []).forEach(function (m, j) {
        var li = el("li", {"class": m.valid ? "ok verdict" : "bad verdict"});
        var text = (m.valid ? "\u2713 " : "\u2717 ") + (m.arranged || m.cards).map(function (c) { return pretty(c, letters, deckOf(words).symbols); }).join(" ");
        if (m.valid) {
          text += " \u00b7 " + (words[m.category] || words[m.kind] || m.kind) + " \u00b7 " + m.points + " " + (words.points || "");
          if (m.bonus) { text += " + " + m.bonus; }
        } else {
          text += " \u00b7 " + (m.problems || []).map(function (p) { return p.message || p.code; }).join("; ");
        }
        li.textContent = text;
        if (m.one_go) { li.appendChild(oneGo(j, m)); }
        list.appendChild(li);
      });
      (data.problems || []).forEach(function (p) {
        list.appendChild(el("li", {"class": "bad verdict"}, "\u2717 " + (p.message || p.code)));
      });
    }
    /* The referee says a meld scores otherwise laid down in one go (Fechado's 500 and
       1000): one tap says it was, or was not (the line's trailing "!", no keyboard). */
    function oneGo(j, m) {
      var b = el("button", {type: "button", "class": "one-go", "data-line": String(j),
        "aria-pressed": m.in_one_go ? "true" : "false"},
        (words.one_go || "!") + " (" + m.one_go.bonus + ")");
      b.addEventListener("click", function () {
        var all = area.value.split("\n"), seen = -1;
        for (var k = 0; k < all.length; k++) {
          var t = all[k].trim();
          if (!t || t === "!") { continue; }
          if (++seen !== j) { continue; }
          all[k] = /!$/.test(t) ? t.replace(/\s*!$/, "") : t + " !";
          break;
        }
        area.value = all.join("\n");
        area.dispatchEvent(new Event("input", {bubbles: true}));
      });
      return b;
    }
    if (area.value.trim()) { changed(); }
  });

  /* A board (data-drafts: its owner; data-version) forgets the deal drafts sent from its
     forms (drafts.js): saved, once it has moved past their version; taken by the outbox
     (#outbox, the page it answers with). */
  var drafts = doc.body.getAttribute("data-drafts");
  try {
    for (var i = drafts ? localStorage.length - 1 : -1; i >= 0; i--) {
      var key = localStorage.key(i) || "", kept = JSON.parse(localStorage.getItem(key) || "{}") || {};
      if (key.indexOf("scorekeeper:draft:" + drafts + "/") === 0 && kept.sent &&
          (location.hash === "#outbox" || kept.version < parseInt(doc.body.getAttribute("data-version"), 10))) {
        localStorage.removeItem(key);
      }
    }
  } catch (e) { /* no store: nothing kept */ }

  /* After Save the board opens on its totals (and the winner), the deal just saved marked
     below them (deals.py sends the board to #deal-N, board.css marks it): the browser's
     jump down to that line is undone, now and once the page has loaded. */
  var saved = /^#deal-\d+$/.test(location.hash) && doc.getElementById(location.hash.slice(1));
  if (saved) {
    saved.classList.add("saved");
    var onTotals = function () { window.scrollTo(0, 0); };
    onTotals();
    window.addEventListener("load", function () { requestAnimationFrame(onTotals); }, {once: true});
  }

  /* A new table takes the phone's time zone: its evenings are dated by it. */
  var zone = doc.querySelector("input[name=zone]");
  if (zone && !zone.value) {
    try { zone.value = Intl.DateTimeFormat().resolvedOptions().timeZone || ""; } catch (e) { /* UTC */ }
  }
})();
