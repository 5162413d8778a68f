/* Deal drafts on the phone (localStorage), one deal's each, and who typed a deal:
   - a deal form (deal.js) keeps what is typed as "scorekeeper:draft:<owner>/<new|fix>/
     <number>@<version>" (owner: a match, a table's side in one turn, the director's table
     in one turn), and offers a draft of the same deal back, never one of another deal or
     turn; once Save is tapped, nothing writes it again (a board forgets it: app.js);
   - "<phone id>.<save number>", one more for each form opened (web/typedby.py). */
(function () {
  "use strict";
  var S = window.Scorekeeper = window.Scorekeeper || {};
  var store = null, PHONE = "scorekeeper:phone", PREFIX = "scorekeeper:draft:";
  try { store = window.localStorage; store.getItem(PHONE); } catch (e) { store = null; }

  function read(key) {
    try { return JSON.parse(store.getItem(key) || "null"); } catch (e) { return null; }
  }
  function keys(start) {
    var found = [];
    for (var i = 0; store && i < store.length; i++) {
      if ((store.key(i) || "").indexOf(start) === 0) { found.push(store.key(i)); }
    }
    return found;
  }
  S.typedBy = function () {
    try {
      var me = read(PHONE) || {};
      if (!/^[0-9a-f]{24}$/.test(me.id || "")) {
        me = {id: Array.prototype.map.call(window.crypto.getRandomValues(new Uint8Array(12)),
                                           function (b) { return (256 + b).toString(16).slice(1); }).join(""),
              seq: 0};
      }
      me.seq = (me.seq || 0) + 1;
      store.setItem(PHONE, JSON.stringify(me));
      return me.id + "." + me.seq;
    } catch (e) { return ""; }  /* no store: a form kept waiting is then refused if stale */
  };

  /* One deal's draft at ``version``; ``settle(n)`` gives its number (a new deal's counts
     the deals waiting in the outbox before it) */
  S.draft = function (owner, kind, version) {
    var key = null, sent = false, mine = PREFIX + owner + "/" + kind + "/";
    var draft = {
      settle: function (n) { key = key || mine + n + "@" + version; },
      settled: function () { return !!key; },
      sent: function () { return sent; },
      write: function (record, done) {
        if (!store || sent || !key) { return; }
        record.version = version;
        record.sent = !!done;
        record.at = Date.now();
        try { store.setItem(key, JSON.stringify(record)); } catch (e) { /* full */ }
        sent = !!done;
      },
      /* a draft forgotten; none given: this one, and nothing kept after (Cancel) */
      drop: function (which) {
        try { store.removeItem(which || key); } catch (e) { /* no store */ }
        sent = sent || !which;
      },
      /* the newest draft of this deal not sent, or sent from a form of this version that
         no answer reached (no outbox, the browser closed) */
      offered: function () {
        var found = keys(key.slice(0, key.lastIndexOf("@") + 1)).map(function (k) {
          return {key: k, draft: read(k)};
        }).filter(function (d) {
          return d.draft && d.draft.fields && (!d.draft.sent || d.draft.version === version);
        });
        return found.sort(function (a, b) { return b.draft.at - a.draft.at; })[0] || null;
      },
      /* the offer (templates/deal.html, data-offer) with the draft's totals:
         ``restore()`` on "Continue", the draft forgotten on "Start empty" */
      offer: function (note, found, restore) {
        note.querySelector("[data-shown]").textContent = (found.draft.shown || [])
          .filter(function (pair) { return pair[1]; })
          .map(function (pair) { return pair.join(" "); }).join(" \u00b7 ");
        note.hidden = false;
        note.querySelector("[data-continue]").addEventListener("click", function () {
          note.hidden = true;
          if (found.key !== key) { draft.drop(found.key); }
          restore();
        });
        note.querySelector("[data-drop]").addEventListener("click", function () {
          draft.drop(found.key);
          note.hidden = true;
        });
      }
    };
    return draft;
  };

})();
