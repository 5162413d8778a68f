/* The deal form on one screen (templates/deal.html; ARCHITECTURE.md, deal.js): its
   draft, the referee's count as the fields change, what Save still asks. */
(function () {
  "use strict";
  var doc = document, form = doc.getElementById("deal-form"), S = window.Scorekeeper;
  if (!form || !S || !S.draft) { return; }
  /* which phone typed it (drafts.js); a form sent back with its errors keeps its number */
  var typed = form.querySelector("input[name=phone]");
  if (typed && !typed.value) { typed.value = S.typedBy(); }
  var deal = (form.getAttribute("data-deal") || "new/1").split("/");
  var draft = S.draft(form.getAttribute("data-drafts"), deal[0], form.getAttribute("data-version"));
  var dirty = false;
  var end = form.querySelector("fieldset.end");
  var bar = doc.getElementById("bar"), review = doc.getElementById("review");

  /* The fields a person fills: not the hidden key, version or CSRF token. */
  function fields() {
    return Array.prototype.filter.call(form.elements, function (e) {
      return e.name && e.type !== "hidden" && e.type !== "submit" && e.type !== "button" &&
        e.name !== "disputed" && !/^reading-/.test(e.name);
    });
  }
  function snapshot() {
    return fields().filter(function (e) {
      return (e.type !== "radio" && e.type !== "checkbox") || e.checked;
    }).map(function (e) { return [e.name, e.value]; });
  }
  /* the deal's totals as the bar shows them (each side's name and figure), for the offer */
  function shownTotals() {
    return Array.prototype.map.call(doc.querySelectorAll("#bar ul.live li"), function (li) {
      var name = li.querySelector(".name"), figure = li.querySelector("b");
      return [name ? name.textContent : "", figure ? figure.textContent : ""];
    });
  }
  /* kept as typed, until Save (``done``); before its number is known, kept once it is */
  function save(done) {
    if (!draft.settled()) { dirty = true; return; }
    draft.write({fields: snapshot(), shown: shownTotals()}, done);
  }
  function restore(kept) {
    kept.fields.forEach(function (pair) {
      fields().forEach(function (e) {
        if (e.name !== pair[0]) { return; }
        if (e.type === "radio" || e.type === "checkbox") {
          if (e.value === pair[1]) { e.checked = true; e.dispatchEvent(new Event("change", {bubbles: true})); }
        } else { e.value = pair[1]; }
      });
    });
  }
  function same(a, b) { return JSON.stringify(a) === JSON.stringify(b); }

  /* "More kinds…" (the counts a deal rarely holds) stays open while one holds a value:
     nothing typed is hidden, a draft put back included */
  function unhide() {
    form.querySelectorAll("details.more input").forEach(function (e) {
      if (/[^0\s]/.test(e.value)) { e.closest("details").open = true; }
    });
  }
  form.addEventListener("toggle", unhide, true);

  /* The opening: one box per meld line, ticked when the line was laid down to open
     (the lines read as dealform.meld_lines reads them, so the numbers agree). */
  function lines(text) {
    return text.split("\n").map(function (l) { return l.trim().split(/[\s,;]+/).join(" "); })
      .filter(function (l) { return l && l !== "!"; });
  }
  function ticks(list) {
    var side = list.id.split("-")[1], area = doc.getElementById("sides-" + side + "-melds");
    var now = lines(area ? area.value : ""), was = {}, shown = [];
    list.querySelectorAll("input").forEach(function (box) {
      var text = box.parentNode.querySelector("span").textContent;
      shown.push(text);
      if (box.checked) { was[text] = true; }
    });
    if (same(now, shown)) { return; }
    list.textContent = "";
    now.forEach(function (line, j) {
      var label = doc.createElement("label"), box = doc.createElement("input"), span = doc.createElement("span");
      label.className = "choice";
      box.type = "checkbox"; box.name = "sides-" + side + "-opened"; box.value = String(j);
      box.checked = !!was[line];
      span.textContent = line;
      label.appendChild(box); label.appendChild(doc.createTextNode(" ")); label.appendChild(span);
      list.appendChild(label);
    });
  }
  function allTicks() { form.querySelectorAll(".opened").forEach(ticks); }

  /* The deal's number known: its drafts. One this phone was typing is offered back, with
     its totals, unless the page is the server's answer to what was just sent (it holds
     exactly that): put back on "Continue", forgotten on "Start empty". */
  function settle(n) {
    if (draft.settled()) { return; }
    draft.settle(n);
    var found = form.hasAttribute("data-posted") ? null : draft.offered();
    if (found && !same(found.draft.fields, snapshot())) { offer(found); }
    if (dirty) { dirty = false; save(false); }
  }
  function offer(found) {
    draft.offer(doc.querySelector("[data-offer]"), found, function () {
      restore(found.draft);
      allTicks();
      restore(found.draft);  /* the opening's boxes exist once the meld lines are back */
      unhide();
      outChanged();
      firstChanged();
      save(false);
      ask();
    });
  }

  /* A side's way of entering (cards or counts), taken by the sides that hold nothing yet. */
  function empty(side) {
    return !Array.prototype.some.call(side.querySelectorAll("input[type=text], input:not([type]), " +
      "input[inputmode], textarea"), function (e) { return e.value.trim(); });
  }
  form.querySelectorAll("input.mode").forEach(function (radio) {
    radio.addEventListener("click", function () {
      var mine = radio.closest("fieldset.side");
      mine.setAttribute("data-chosen", "");
      form.querySelectorAll("fieldset.side").forEach(function (side) {
        if (side === mine || side.hasAttribute("data-chosen") || !empty(side)) { return; }
        var twin = side.querySelector('input.mode[value="' + radio.value + '"]');
        if (twin && !twin.checked) { twin.checked = true; twin.dispatchEvent(new Event("change", {bubbles: true})); }
      });
    });
  });

  /* the side that went out took its morto where going out needs it (data-out-morto, the
     server's answer too): ticked at once, online or not, unless the scorer answered it */
  function outChanged() {
    var out = form.querySelector('input[name="went_out"]:checked'), took = end.getAttribute("data-out-morto");
    end.setAttribute("data-out", out ? out.value : "");
    var name = out && out.value && took ? "sides-" + out.value + "-morto" : null;
    var radio = name && form.querySelector('input[name="' + name + '"][value="' + took + '"]');
    if (radio && !form.querySelector('input[name="' + name + '"]:checked')) {
      radio.checked = true;
      firstChanged();
    }
  }
  form.querySelectorAll('input[name="went_out"]').forEach(function (r) { r.addEventListener("change", outChanged); });

  /* who took the morto first: asked once two sides or more took theirs (or it was answered) */
  function firstChanged() {
    var took = form.querySelectorAll('input[name$="-morto"]:checked:not([value="not_taken"])').length;
    var first = form.querySelector('input[name="morto_first"]:checked');
    var asked = form.querySelector("fieldset.first-morto");
    if (asked) { asked.setAttribute("data-first", took >= 2 || (first && first.value) ? "ask" : ""); }
  }
  form.querySelectorAll('input[name$="-morto"], input[name="morto_first"]').forEach(function (r) {
    r.addEventListener("change", firstChanged);
  });

  function grow(area) {
    area.rows = Math.max(2, area.value.split("\n").length + 1);
  }
  form.querySelectorAll("textarea[data-grow]").forEach(function (area) {
    grow(area);
    area.addEventListener("input", function () { grow(area); });
  });

  /* The referee's count, asked for once the fields have been still for a moment. */
  var timer = null, asked = 0;
  function showErrors(errors) {
    form.querySelectorAll(".sides .errors, fieldset.end .errors, fieldset.first-morto .errors").forEach(function (u) {
      u.remove();
    });
    form.querySelectorAll(".bad").forEach(function (b) {
      if (b.closest(".sides, fieldset.end, fieldset.first-morto") && !b.closest(".verdicts")) { b.classList.remove("bad"); }
    });
    form.querySelectorAll("[aria-invalid]").forEach(function (e) {
      e.removeAttribute("aria-invalid"); e.removeAttribute("aria-describedby");
    });
    Object.keys(errors).forEach(function (id) {
      var e = doc.getElementById(id) || doc.getElementById(id + "-0");
      var box = e && (e.closest(".field") || e.closest("fieldset.radios"));
      if (!box) { return; }
      box.classList.add("bad");
      var list = doc.createElement("ul");
      list.className = "errors";
      list.id = id + "-errors";
      errors[id].forEach(function (m) { var li = doc.createElement("li"); li.textContent = m; list.appendChild(li); });
      box.appendChild(list);
      if (e.tagName !== "FIELDSET") { e.setAttribute("aria-invalid", "true"); e.setAttribute("aria-describedby", list.id); }
    });
  }
  /* A form token for this browser's session as it is now, in every form of the page: a
     page kept on the phone, or one whose session the browser lost, holds an old one. */
  function freshToken() {
    var url = (doc.querySelector("meta[name=form-token]") || {}).content;
    if (!url) { return Promise.reject(new Error("no token")); }
    return fetch(url, {credentials: "same-origin", cache: "no-store"})
      .then(function (r) { if (!r.ok) { throw new Error(r.status); } return r.json(); })
      .then(function (t) {
        doc.querySelectorAll("input[name=csrf_token]").forEach(function (e) { e.value = t.csrf_token; });
      });
  }
  function expired(r) { return r.status === 400 && r.headers.get("X-Scorekeeper-Refused") === "csrf"; }
  function post(data, again) {
    return fetch(location.pathname, {method: "POST", body: data, headers: {"Accept": "application/json"},
                                     credentials: "same-origin"})
      .then(function (r) {
        if (!again && expired(r)) {
          /* sent again once, silently, with a fresh token */
          return freshToken().then(function () {
            data.set("csrf_token", form.querySelector("input[name=csrf_token]").value);
            return post(data, true);
          });
        }
        return r;
      });
  }
  function ask() {
    var data = new URLSearchParams(new FormData(form));
    data.set("action", "preview");
    /* the page is Save's answer: what it asked stays asked until answered */
    if (form.hasAttribute("data-posted")) { data.set("asked", "1"); }
    var mine = ++asked;
    post(data, false)
      .then(function (r) { if (!r.ok) { throw new Error(r.status); } return r.json(); })
      .then(function (answer) {
        if (mine !== asked || draft.sent()) { return; }
        review.innerHTML = answer.review;
        /* the problems' list stays as the scorer left it (opened) across each recount */
        var open = bar.querySelector("details.problems[open]");
        bar.innerHTML = answer.bar;
        if (open && bar.querySelector("details.problems")) { bar.querySelector("details.problems").open = true; }
        showErrors(answer.errors || {});
        /* a reading chosen among several: the meld box holds it, unless typed on since */
        Object.keys(answer.melds || {}).forEach(function (i) {
          var area = doc.getElementById("sides-" + i + "-melds");
          if (area && area.value === data.get("sides-" + i + "-melds")) {
            area.value = answer.melds[i]; grow(area); save(false);
          }
        });
        /* a morto the deal answers (the side that went out took it): ticked for the scorer */
        Object.keys(answer.answers || {}).forEach(function (name) {
          var none = !form.querySelector('input[name="' + name + '"]:checked');
          var radio = form.querySelector('input[name="' + name + '"][value="' + answer.answers[name] + '"]');
          if (none && radio) { radio.checked = true; save(false); firstChanged(); }
        });
        form.classList.remove("offline");
      })
      .catch(function (err) {
        if (mine !== asked || draft.sent()) { return; }
        /* the server answered, with a failure of its own: not "cannot be reached" */
        if (navigator.onLine && /^[45]\d\d$/.test(err && err.message)) { bar.innerHTML = ""; return; }
        form.classList.add("offline");
        bar.innerHTML = "";
        var p = doc.createElement("p");
        p.className = "banner";
        p.setAttribute("role", "status");
        p.textContent = form.getAttribute("data-offline");
        bar.appendChild(p);
        counting(function () { S.countHere(form, bar, held, function () { return mine === asked && !draft.sent(); }); });
      });
  }
  /* the phone's own count (count.js, loaded once it is needed) */
  var loading = null, held = [];
  function counting(then) {
    if (!S.refereeUrl) { return; }
    loading = loading || new Promise(function (done) {
      var script = doc.createElement("script");
      script.src = doc.querySelector("script[src*='/deal.js']").src.replace("/deal.js", "/count.js");
      script.onload = done;
      doc.head.appendChild(script);
    });
    loading.then(then);
  }
  function changed(e) {
    /* ticking "save anyway, marked disputed" changes nothing the referee counts */
    if (draft.sent() || (e && e.target && e.target.name === "disputed")) { return; }
    allTicks();
    save(false);
    clearTimeout(timer);
    timer = setTimeout(ask, 350);
  }
  form.addEventListener("input", changed);
  form.addEventListener("change", changed);
  /* the picker's buttons change a meld box without an input event */
  form.addEventListener("click", function (e) {
    if (e.target.closest && e.target.closest(".picker, .stepper")) { setTimeout(function () { changed(); }, 0); }
  });

  /* Save: the draft is marked sent, and nothing this page does after writes it again (a
     count asked before Save and answered after it is dropped); so is this page's place
     in the history: Back to it after the save lands on the scoreboard. */
  /* Without a network the server cannot ask what Save left unanswered (who went out, each
     morto: the form answers neither): the page asks, in the server's words (data-ask),
     before the deal goes to the outbox. Online, the server asks. */
  function unanswered() {
    var missing = [];
    form.querySelectorAll("[data-ask]").forEach(function (box) {
      var first = box.querySelector("input[type=radio]");  /* the question's own choices */
      if (first && !box.querySelector('input[name="' + first.name + '"]:checked')) { missing.push(box); }
    });
    return missing;
  }
  function askOffline(missing) {
    var errors = {};
    missing.forEach(function (box) {
      var first = box.querySelector("input[type=radio]");
      errors[first.id.replace(/-0$/, "")] = [box.getAttribute("data-ask")];
    });
    showErrors(errors);
    missing[0].scrollIntoView({block: "center"});
  }
  form.addEventListener("submit", function (e) {
    var button = e.submitter;
    var offline = form.classList.contains("offline") || navigator.onLine === false;
    if (button && button.value === "save" && offline && unanswered().length) {
      e.preventDefault();
      askOffline(unanswered());
      return;
    }
    if (!button || button.value === "save") {
      clearTimeout(timer);
      asked++;
      settle(deal[1]);
      save(true);
      try { history.replaceState({sent: form.getAttribute("data-version")}, ""); } catch (err) { /* none */ }
    }
  });
  /* a form shown again from the browser's memory (Back) is asked for anew: the server
     says whether its deal is still to enter */
  window.addEventListener("pageshow", function (e) { if (e.persisted) { location.reload(); } });
  var state = history.state;
  if (state && state.sent && parseInt(form.getAttribute("data-version"), 10) > parseInt(state.sent, 10)) {
    location.replace(form.getAttribute("data-board"));
    return;
  }
  form.querySelectorAll("a.button").forEach(function (cancel) {
    cancel.addEventListener("click", function () { draft.drop(); });
  });
  /* the Save bar's height, kept clear below a field scrolled into view (app.css) */
  var savebar = form.querySelector(".savebar");
  if (savebar && window.ResizeObserver) {
    new ResizeObserver(function () {
      doc.documentElement.style.setProperty("--savebar", savebar.offsetHeight + "px");
    }).observe(savebar);
  }
  /* a new deal's form kept on the phone: its number counts the deals waiting in the
     outbox (templates/sw.js), which come before it, and so does who deals it (a match set
     up on the phone waits there too, and a past deal fixed on it: not new deals); the same
     number on an evening's table (a side's own deals). The page names its outbox's
     entries (data-outbox: the match's token, or the table side's sheet) */
  var sw = navigator.serviceWorker, heading = doc.querySelector("h1[data-outbox]");
  var outbox = heading && heading.getAttribute("data-outbox");
  var made = heading && heading.hasAttribute("data-match") ? outbox : null;
  var first = parseInt(deal[1], 10) || 1;
  if (deal[0] === "new" && outbox && sw && sw.controller) {
    /* the deal's number, and its drafts, once the outbox says what waits before it (or
       at once if the worker does not answer soon) */
    var late = setTimeout(function () { settle(first); }, 1500);
    sw.addEventListener("message", function (e) {
      var data = e.data || {};
      /* a refused deal (opened here, perhaps) is not counted until the server takes it */
      var deals = (data.entries || []).filter(function (entry) {
        return entry.kind !== "match" && !entry.fix && !entry.refused && !entry.opened;
      });
      if (data.type !== "outbox" || data.token !== outbox) { return; }
      clearTimeout(late);
      held = data.entries || [];
      settle(first + deals.length);
      if (!deals.length) { return; }
      /* the heading's number in its own element, the server's in data-n */
      var slot = heading.querySelector("[data-n]");
      if (slot) { slot.textContent = String(parseInt(slot.getAttribute("data-n"), 10) + deals.length); }
      if (!made) { return; }  /* a table's turn has no dealer to turn, nor a match's totals */
      S.turnOn(deals.length);
      counting(function () { S.countLegends(form, held); });
    });
    sw.controller.postMessage({type: "outbox", token: outbox});
  } else {
    settle(first);
  }
  outChanged();
  firstChanged();
  if (form.hasAttribute("data-posted") || !empty(form)) { ask(); }
})();
