/* The deal form's count from the phone's own referee (phone.js), loaded by deal.js when
   the server cannot be reached or deals wait in the outbox:
   - the Save bar: each side's figure for this deal and its running total, as the server's
     bar shows them, "counting on this phone…" until the referee answers (data-counting);
   - the legends: each side's total with the deals waiting before this one.
   A match's deal is scored after the deals its document holds (/m/<token>/match.json,
   kept on the phone) and those waiting in the outbox before it, a fixed deal in its
   place; an evening table's deal on its own, as the server judges it: the form's rules
   (data-rules, else data-profile) and its sides' names. */
(function () {
  "use strict";
  var doc = document, S = window.Scorekeeper;
  var lang = (doc.documentElement.getAttribute("lang") || "en").replace("-", "_");

  /* the deals of the outbox the server will take before this one, as the referee reads them */
  function before(held) {
    return (held || []).filter(function (e) {
      return e.kind !== "match" && !e.refused && !e.opened;
    }).map(function (e) { return e.fix ? {deal: e.fix, fields: e.fields} : e.fields; });
  }
  function names(form) {
    return Array.prototype.map.call(form.querySelectorAll("fieldset.side > legend"), function (l) {
      return l.firstChild ? l.firstChild.textContent.trim() : "";
    });
  }
  /* the match this deal counts after: the match's document, else the table's deal alone */
  function match(form) {
    var token = form.getAttribute("data-match");
    if (token) {
      return fetch("/m/" + token + "/match.json", {credentials: "same-origin"})
        .then(function (r) { if (!r.ok) { throw new Error(r.status); } return r.json(); })
        .then(function (kept) { return kept.match; });
    }
    var house = form.getAttribute("data-rules");
    return Promise.resolve({profile: house ? JSON.parse(house) : form.getAttribute("data-profile"),
                            sides: names(form), deals: []});
  }
  function pending(form, waiting) {
    return match(form).then(function (kept) {
      return S.referee({kind: "pending", lang: lang, notation: lang,
                        body: {match: kept, pending: waiting}});
    }).then(function (answer) { return answer.doc; });
  }
  function fields(form) {
    var pairs = [];
    new FormData(form).forEach(function (value, name) {
      if (typeof value === "string") { pairs.push([name, value]); }
    });
    return pairs;
  }

  /* The Save bar's count of this deal; ``current()`` says whether the page still wants it
     (not once another count was asked, nor once the deal was saved). */
  S.countHere = function (form, bar, held, current) {
    var deal = (form.getAttribute("data-deal") || "new/1").split("/"), mine = fields(form);
    var alone = !form.hasAttribute("data-match"), fix = !alone && deal[0] === "fix" ? parseInt(deal[1], 10) : 0;
    var waiting = alone ? [mine] : before(held).concat([fix ? {deal: fix, fields: mine} : mine]);
    var said = S.el("p", {"class": "muted counting", role: "status"}, form.getAttribute("data-counting"));
    bar.appendChild(said);  /* after the banner: beside Save, where the server's count is */
    pending(form, waiting).then(function (found) {
      if (!current()) { return; }
      var shown = found.shown, sides = names(form);
      if (!shown) {
        said.textContent = found.error ? found.error.message : "";
        said.className = "bad";
        return;
      }
      var i = fix ? fix - 1 : shown.deals.length - 1, list = S.el("ul", {"class": "live"});
      sides.forEach(function (name, s) {
        var item = S.el("li", {});
        item.appendChild(S.el("span", {"class": "name"}, name));
        item.appendChild(S.el("b", {"class": "num", id: "live-" + s}, (shown.deals[i] || [])[s] || ""));
        item.appendChild(S.el("small", {"class": "num"}, (shown.running[i] || [])[s] || ""));
        list.appendChild(item);
      });
      bar.replaceChild(list, said);
    }).catch(function () { if (said.parentNode) { said.parentNode.removeChild(said); } });
  };

  /* each side's total in its legend counts the deals waiting on the phone (unchanged when
     the referee cannot count them) */
  S.countLegends = function (form, held) {
    pending(form, before(held)).then(function (found) {
      var shown = found.shown;
      if (!shown) { return; }
      form.querySelectorAll("fieldset.side > legend > small.num").forEach(function (small, i) {
        if (shown.totals[i] !== undefined) { small.textContent = shown.totals[i]; }
      });
    }).catch(function () { /* no referee on the phone: the totals stay the server's */ });
  };
})();
