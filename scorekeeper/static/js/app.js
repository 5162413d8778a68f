/* Progressive enhancement only: every page works without this file.
   The referee decides everything; this script only asks it (POST /api/v1/check), or,
   when the server cannot be reached, the same referee on the phone (js/referee.js). */
(function () {
  "use strict";
  var doc = document, root = doc.documentElement;
  root.classList.add("js");
  var SUITS = [["S", "\u2660"], ["H", "\u2665"], ["D", "\u2666"], ["C", "\u2663"]];
  var RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"];
  var SYM = {S: "\u2660", H: "\u2665", D: "\u2666", C: "\u2663"};

  function el(tag, attrs, text) {
    var e = doc.createElement(tag);
    for (var k in attrs) { e.setAttribute(k, attrs[k]); }
    if (text) { e.textContent = text; }
    return e;
  }
  /* A canonical card from the referee (QH) with the page's rank letter and symbol (D\u2665). */
  function pretty(card, ranks) {
    var m = /^(10|[2-9AJQK])([SHDC])(\*?)$/i.exec(card);
    if (!m) { return card; }
    var r = m[1].toUpperCase();
    return (ranks[r] || r) + SYM[m[2].toUpperCase()] + m[3];
  }
  /* The phone's own referee, started the first time the server cannot answer: one
     worker per page, asked like the API and answering like it ({status, doc}). */
  var referee = (doc.querySelector("meta[name=referee]") || {}).content;
  /* Watched: the worker says at once, then every second, that it is alive
     (js/referee.js), Python's first start included; one silent for SILENT ms while a
     question waits, or one that failed, is started again once; if it fails again the
     page says so in words (#referee-down) and every question gets "no referee". Python's
     start may block the worker for long (STARTING); a worker that never said a word
     (its script never ran, or the browser ended it: no error reaches the page) is given
     FIRST_WORD, so that two tries end well within 10 s. */
  var SILENT = 8000, STARTING = 20000, FIRST_WORD = 4000;
  var phone = (function () {
    var worker = null, waiting = {}, next = 0, starts = 0, down = false, heard = 0, timer = null;
    var answered = false, spoke = false;
    function fail() {
      var asked = waiting;
      waiting = {};
      clearInterval(timer);
      timer = null;
      if (worker) { worker.terminate(); }
      worker = null;
      if (starts >= 2) {
        down = true;
        var said = doc.getElementById("referee-down");
        if (said) { said.hidden = false; }
      }
      Object.keys(asked).forEach(function (id) { asked[id]({status: 0}); });
    }
    function watch() {
      if (timer) { return; }
      timer = setInterval(function () {
        if (!Object.keys(waiting).length) { clearInterval(timer); timer = null; return; }
        if (Date.now() - heard > (!spoke ? FIRST_WORD : answered ? SILENT : STARTING)) { fail(); }
      }, 500);
    }
    function start(url) {
      starts++;
      heard = Date.now();
      answered = false;
      spoke = false;
      worker = new Worker(url, {type: "module"});
      worker.onmessage = function (e) {
        heard = Date.now();
        spoke = true;
        if (e.data.alive) { return; }
        var done = waiting[e.data.id];
        delete waiting[e.data.id];
        if (!e.data.status) { fail(); return; }  /* Python could not start */
        answered = true;
        if (done) { done(e.data); }
      };
      worker.onerror = fail;  /* the pack never reached the phone */
    }
    function ask(url, asked, again) {
      if (!url || !window.Worker || down) { return Promise.reject(new Error("no phone referee")); }
      if (!worker) { start(url); }
      return new Promise(function (resolve, reject) {
        var id = ++next;
        waiting[id] = function (answer) {
          if (answer.status) { resolve(answer); return; }
          /* the first failure starts the worker once more, and asks again */
          if (!again && !down) { ask(url, asked, true).then(resolve, reject); return; }
          reject(new Error(answer.error || "no referee"));
        };
        asked.id = id;
        asked.fresh = starts > 1;
        worker.postMessage(asked);
        watch();
      });
    }
    return ask;
  })();

  /* who deals and who plays first (the _macros.html turn), moved on by ``by`` deals: the
     new deals waiting on the phone, which come before the one a page speaks of */
  function turnOn(by) {
    doc.querySelectorAll(".turn[data-seats]").forEach(function (turn) {
      var seats = JSON.parse(turn.getAttribute("data-seats"));
      var at = (parseInt(turn.getAttribute("data-at"), 10) || 0) + by, who = turn.querySelectorAll("b");
      if (!seats.length || who.length < 2) { return; }
      who[0].textContent = seats[at % seats.length];
      who[1].textContent = seats[(at + 1) % seats.length];
    });
  }

  /* for the scoreboard's deals waiting on the phone (js/outbox.js) and a deal form kept on it (js/deal.js) */
  window.Scorekeeper = {referee: function (asked) { return phone(referee, asked); }, el: el, turnOn: turnOn};

  /* Once, right after a new pack arrives: Python's first start on this phone, in the
     background, which keeps its snapshot (js/referee.js); every later start, the first
     offline check included, restores it. */
  function warmUp() {
    if (!referee || !window.Worker) { return; }
    var worker = new Worker(referee, {type: "module"});
    /* ended once it answers (or fails), not at its first "alive" */
    worker.onmessage = function (e) { if (!(e.data || {}).alive) { worker.terminate(); } };
    worker.onerror = function () { worker.terminate(); };
    worker.postMessage({id: 0, kind: "check", body: {melds: ["5H 6H 7H"]}, lang: "en"});
  }

  /* The pack was held already: Python's first start again, unless its snapshot is kept
     (a page left during the first start takes its worker with it). */
  function warmUpIfCold() {
    if (!referee || !window.caches) { return; }
    var pack = new URL(referee, location.href).searchParams.get("pack") || "unversioned";
    caches.has("scorekeeper-referee-" + pack).then(function (kept) {
      if (!kept) { warmUp(); }
    }).catch(function () { /* no storage: the first offline check starts it */ });
  }

  /* The offline pack: fetched in the background on the scorer's pages (a no-op once kept),
     unless the phone saves data; offered with its size on the other pages, never on a
     read-only view (a viewer needs no referee of its own). */
  function offerPack(reg) {
    var bar = doc.getElementById("pack"), body = doc.body;
    if (!referee || !bar || body.hasAttribute("data-poll")) { return; }
    var saving = navigator.connection && navigator.connection.saveData;
    if (body.hasAttribute("data-here") && !saving) {
      reg.active.postMessage({type: "pack", worker: referee});
      return;
    }
    /* "Not now" holds for this version of the pack */
    var declined = "scorekeeper:pack-declined", version = new URL(referee, location.href).searchParams.get("pack");
    try { if (localStorage.getItem(declined) === version) { return; } } catch (e) { /* ask */ }
    reg.active.postMessage({type: "pack", worker: referee, check: true});
    var offer = bar.querySelector("[data-offer]");
    offer.querySelector("[data-take]").addEventListener("click", function () {
      offer.hidden = true;
      bar.querySelector("[data-keeping]").hidden = false;
      reg.active.postMessage({type: "pack", worker: referee});
    });
    offer.querySelector("[data-decline]").addEventListener("click", function () {
      bar.hidden = true;
      try { localStorage.setItem(declined, version); } catch (e) { /* asked again next time */ }
    });
  }

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
    var letters = words.ranks || {};
    var pad = {suit: "H", suits: el("div", {"class": "suits"}), ranks: el("div", {"class": "ranks"})};
    var suitButtons = [], rankButtons = [];
    pad.card = function (r, s) { return (letters[r] || r) + SYM[s]; };
    pad.press = function (rank) {
      rankButtons.forEach(function (b) { b.setAttribute("aria-pressed", b.getAttribute("data-rank") === rank ? "true" : "false"); });
    };
    SUITS.forEach(function (s) {
      var b = el("button", {type: "button", "data-suit": s[0], "aria-pressed": s[0] === pad.suit ? "true" : "false",
        "class": s[0] === "H" || s[0] === "D" ? "r" : ""}, s[1]);
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
    RANKS.forEach(function (r) {
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
      "aria-controls": picker.id, "aria-label": words.keys || "Cards"}, "\u2660\u2665");
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
       in the chosen suit, on its own line); a set (a rank, then one tap per suit). */
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
    /* the last line was made by the run or set builder: a single card starts a new line
       (a meld line never mixes what two tools made) */
    var built = false;
    function single(card) {
      if (built) { newLine(); built = false; }
      add(card);
    }
    var pad = keypad(words, {
      suit: function (s) { if (way === "set" && first) { add(pad.card(first, s)); built = true; } },
      joker: function () { single("JK"); },
      rank: function (r) {
        if (way === "card") { single(pad.card(r, pad.suit)); return; }
        if (way === "set") { first = r; pad.press(first); newLine(); return; }
        if (first === null) { first = r; pad.press(first); return; }
        newLine(); add(run(first, r)); first = null; pad.press(null); built = true;
      }
    });
    var letters = words.ranks || {};
    /* The run from one rank to another in the chosen suit; an ace after a king is high. */
    function run(from, to) {
      var a = RANKS.indexOf(from), b = RANKS.indexOf(to);
      if (to === "A" && a > 0) { b = 13; }
      if (from === "A" && b > 0 && b < a) { a = 13; }
      var lo = Math.min(a, b), hi = Math.max(a, b), out = [];
      for (var i = lo; i <= hi; i++) { out.push(pad.card(RANKS[i % 13], pad.suit)); }
      return out.join(" ");
    }
    function newLine() {
      var last = area.value.split("\n").pop();
      if (last.trim()) { area.value = area.value.replace(/\s+$/, "") + "\n"; }
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
    area.addEventListener("keydown", function () { built = false; });

    function check() {
      var melds = lines(area.value);
      var mine = ++seq;
      if (!melds.length) { list.textContent = ""; return; }
      var choice = form.querySelector("select[name=profile]");
      var body = {profile: choice ? choice.value : form.getAttribute("data-profile"), melds: melds.map(function (l) {
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
        if (referee && mine === seq && !list.querySelector(".verdict")) {
          list.textContent = "";
          list.appendChild(el("li", {"class": "muted"}, words.checking || ""));
        }
        phone(referee, {kind: "check", body: body, lang: lang, notation: lang})
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
        var text = (m.valid ? "\u2713 " : "\u2717 ") + (m.arranged || m.cards).map(function (c) { return pretty(c, letters); }).join(" ");
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

  /* The scoreboard forgets the deal forms kept on this phone (deal.js) that were sent
     and saved: the match has moved past the version they were typed against. */
  var drafts = doc.body.getAttribute("data-drafts");
  if (drafts) {
    try {
      var store = window.localStorage, now = parseInt(doc.body.getAttribute("data-version"), 10);
      for (var i = store.length - 1; i >= 0; i--) {
        var key = store.key(i);
        if (key && key.indexOf("scorekeeper:draft:" + drafts) === 0) {
          var kept = JSON.parse(store.getItem(key) || "{}");
          if (kept.sent && parseInt(kept.version, 10) < now) { store.removeItem(key); }
        }
      }
    } catch (e) { /* no store: nothing kept */ }
  }

  /* What this phone owns (its matches, Burro games, tables and house rules), kept in its
     own storage too: a home page that lists fewer (the browser's session was lost) hands
     the others back to the server (web/device.py), once per session, and shows them. */
  var OWN = "scorekeeper:own";
  function owned() {
    try { return JSON.parse(localStorage.getItem(OWN) || "{}") || {}; } catch (e) { return {}; }
  }
  function keepOwned(kind, add, drop) {
    var all = owned(), list = (all[kind] || []).filter(function (t) { return (drop || []).indexOf(t) < 0; });
    add.forEach(function (t) { if (list.indexOf(t) < 0) { list.push(t); } });
    all[kind] = list.slice(-40);
    try { localStorage.setItem(OWN, JSON.stringify(all)); } catch (e) { /* no store: the cookie alone */ }
  }
  var ownHere = doc.body.getAttribute("data-own");
  if (ownHere) {
    keepOwned(ownHere.slice(0, ownHere.indexOf(":")), [ownHere.slice(ownHere.indexOf(":") + 1)]);
  }
  var listed = doc.getElementById("own");
  if (listed && navigator.onLine) {
    var shown = JSON.parse(listed.getAttribute("data-listed") || "{}"), missing = new URLSearchParams();
    Object.keys(shown).forEach(function (kind) { keepOwned(kind, shown[kind]); });
    var held = owned();
    Object.keys(held).forEach(function (kind) {
      held[kind].forEach(function (t) { if ((shown[kind] || []).indexOf(t) < 0) { missing.append(kind, t); } });
    });
    var handed = null;
    try { handed = sessionStorage.getItem(OWN); } catch (e) { /* ask again */ }
    if (missing.toString() && handed !== missing.toString()) {
      try { sessionStorage.setItem(OWN, missing.toString()); } catch (e) { /* ask again */ }
      fetch(listed.getAttribute("data-token-url"), {credentials: "same-origin", cache: "no-store"})
        .then(function (r) { return r.json(); })
        .then(function (t) {
          missing.set("csrf_token", t.csrf_token);
          return fetch(listed.getAttribute("data-remember"), {method: "POST", body: missing,
                                                             credentials: "same-origin"});
        })
        .then(function (r) { return r.json(); })
        .then(function (done) {
          Object.keys(done.unknown || {}).forEach(function (kind) { keepOwned(kind, [], done.unknown[kind]); });
          if (done.remembered) { location.reload(); }
        })
        .catch(function () { /* no server: the next visit asks again */ });
    }
  }

  /* A new table takes the phone's time zone: its evenings are dated by it. */
  var zone = doc.querySelector("input[name=zone]");
  if (zone && !zone.value) {
    try { zone.value = Intl.DateTimeFormat().resolvedOptions().timeZone || ""; } catch (e) { /* UTC */ }
  }

  /* Stored moments (UTC) in the phone's own time: the day too when it is not today. */
  var clocks = function () {
    var shown = doc.querySelectorAll("time[data-clock]"), today = new Date().toDateString();
    for (var i = 0; i < shown.length; i++) {
      var when = new Date(shown[i].getAttribute("datetime"));
      if (isNaN(when.getTime())) { continue; }
      var parts = {hour: "2-digit", minute: "2-digit"};
      if (when.toDateString() !== today) { parts.day = "numeric"; parts.month = "short"; }
      try { shown[i].textContent = when.toLocaleString(root.getAttribute("lang") || undefined, parts); }
      catch (e) { /* an unknown language: the server's own words stay */ }
    }
  };
  clocks();

  /* A read-only page reloads itself when the match changes, says when the scorer's phone
     has not been heard from for a while, and when it cannot reach the server itself. */
  var poll = doc.body.getAttribute("data-poll");
  if (poll) {
    var version = doc.body.getAttribute("data-version");
    var waiting = doc.querySelector("[data-waiting]"), cut = doc.querySelector("[data-offline]");
    var ask = function () {
      if (doc.hidden) { return; }
      fetch(poll, {cache: "no-store"}).then(function (r) {
        if (!r.ok) { throw new Error(String(r.status)); }
        return r.json();
      }).then(function (d) {
        if (cut) { cut.hidden = true; }
        if (d.version !== undefined && String(d.version) !== version) { location.reload(); return; }
        if (waiting && d.heard) {
          waiting.querySelector("time").setAttribute("datetime", d.heard);
          clocks();
          waiting.hidden = !d.waiting;
        }
      }).catch(function () { if (cut) { cut.hidden = false; } });
    };
    ask();
    setInterval(ask, parseInt(doc.body.getAttribute("data-interval") || "4000", 10));
    doc.addEventListener("visibilitychange", ask);
  }

  /* The scorer's pages say, while shown, that the scorer's phone is there. */
  var here = doc.body.getAttribute("data-here");
  if (here) {
    var beat = function () {
      if (doc.hidden) { return; }
      fetch(here, {method: "POST", cache: "no-store", credentials: "same-origin"}).then(function (r) {
        if (r.ok && window.Scorekeeper.reached) { window.Scorekeeper.reached(); }
      }).catch(function () {});
    };
    beat();
    setInterval(beat, parseInt(doc.body.getAttribute("data-heartbeat") || "60000", 10));
    doc.addEventListener("visibilitychange", beat);
    window.addEventListener("online", beat);
  }

  /* The app on the phone (templates/sw.js): pages opened once are there without a network.
     A new version installed in the background is offered, never forced on a page in use. */
  var sw = navigator.serviceWorker;
  if (sw && window.isSecureContext) {
    var lang = (root.getAttribute("lang") || "en").replace("-", "_"), updating = false;
    sw.register("/sw.js").then(function (reg) {
      var offer = function (worker) {
        var bar = doc.getElementById("update");
        if (!bar || !sw.controller) { return; }
        bar.hidden = false;
        bar.querySelector("button").addEventListener("click", function () {
          updating = true;
          worker.postMessage({type: "update"});
        });
      };
      if (reg.waiting) { offer(reg.waiting); }
      reg.addEventListener("updatefound", function () {
        var worker = reg.installing;
        worker.addEventListener("statechange", function () {
          if (worker.state === "installed") { offer(worker); }
        });
      });
    }).catch(function () { /* no service worker: the pages work online as before */ });
    /* the page that installed the worker was not kept by it (nor the start page): kept now */
    var first = !sw.controller;
    sw.ready.then(function (reg) {
      reg.active.postMessage({type: "lang", lang: lang});
      if (first && navigator.onLine) {
        reg.active.postMessage({type: "keep", urls: [location.pathname + location.search, "/"]});
      }
      /* deals saved on the phone without a network go now, whenever it comes back, and
         while some wait, again and again (sooner after a success of this page's own) */
      var again = null;
      var send = function () {
        clearTimeout(again);
        again = null;
        reg.active.postMessage({type: "sync"});
      };
      sw.addEventListener("message", function (e) {
        var data = e.data || {};
        if (data.type !== "sync-done") { return; }
        if (data.left > 0 && !data.reached && !again) { again = setTimeout(send, data.retry || 15000); }
      });
      send();
      window.addEventListener("online", send);
      doc.addEventListener("visibilitychange", function () { if (!doc.hidden) { send(); } });
      window.Scorekeeper.reached = function () { if (again) { send(); } };
      if (navigator.storage && navigator.storage.persist) { navigator.storage.persist().catch(function () {}); }
      /* pages this page leads to without a network (data-keep: the new match page's, for
         a match set up on this phone; a scoreboard's or a Burro game's, for its next deal
         or round), kept once per visit of the app and version of the page */
      var keeps = doc.querySelectorAll("[data-keep]");
      for (var k = 0; k < keeps.length && navigator.onLine; k++) {
        var urls = keeps[k].getAttribute("data-keep"), seen = null;
        var mark = "scorekeeper:kept:" + location.pathname + ":" + lang;
        var now = urls + "@" + (doc.body.getAttribute("data-version") || "");
        try { seen = sessionStorage.getItem(mark); } catch (e) { /* no store: keep them again */ }
        if (seen !== now) {
          reg.active.postMessage({type: "keep", urls: JSON.parse(urls)});
          try { sessionStorage.setItem(mark, now); } catch (e) { /* no store */ }
        }
      }
      offerPack(reg);
    });
    /* the home page: matches set up on this phone that the server does not have yet */
    var own = doc.getElementById("own-matches");
    if (own) {
      sw.addEventListener("message", function (e) {
        var data = e.data || {}, rules = JSON.parse(own.getAttribute("data-rules") || "{}");
        if (data.type !== "setups" || !(data.matches || []).length) { return; }
        var list = own.querySelector("ul");
        list.textContent = "";
        data.matches.forEach(function (m) {
          var link = el("a", {href: "/m/" + encodeURIComponent(m.token)});
          link.appendChild(el("b", {}, m.name));
          link.appendChild(el("span", {}, rules[m.profile] || m.profile));
          var item = el("li", {});
          item.appendChild(link);
          list.appendChild(item);
        });
        own.hidden = false;
        var none = doc.getElementById("no-match");
        if (none) { none.hidden = true; }
      });
      sw.ready.then(function (reg) { reg.active.postMessage({type: "setups"}); });
    }
    sw.addEventListener("controllerchange", function () { if (updating) { location.reload(); } });
    /* the offline pack coming in: how far, then that it is kept, then nothing */
    sw.addEventListener("message", function (e) {
      var data = e.data || {}, bar = doc.getElementById("pack");
      if (data.type !== "pack") { return; }
      if (data.held) { warmUpIfCold(); return; }
      if (!bar) { return; }
      if (data.missing) {
        bar.hidden = false;
        bar.querySelector("[data-offer]").hidden = false;
        bar.querySelector("[data-keeping]").hidden = true;
        bar.querySelector("progress").hidden = true;
        return;
      }
      if (data.failed) { bar.hidden = true; return; }
      bar.hidden = false;
      bar.querySelector("[data-offer]").hidden = true;
      bar.querySelector("[data-keeping]").hidden = !!data.kept;
      bar.querySelector("progress").hidden = false;
      bar.querySelector("progress").value = data.total ? Math.round(100 * data.done / data.total) : 0;
      if (data.kept) {
        bar.querySelector("[data-keeping]").hidden = true;
        bar.querySelector("[data-kept]").hidden = false;
        bar.querySelector("progress").hidden = true;
        setTimeout(function () { bar.hidden = true; }, 5000);
        warmUp();
      }
    });
  }
})();
