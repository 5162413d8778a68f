/* Stored moments in the table's time; a read-only page that follows its match and says
   how fresh it is; the scorer's pages saying they are there (ARCHITECTURE.md). */
(function () {
  "use strict";
  var doc = document, root = doc.documentElement;
  /* in the table's time (data-zone: moments.py), else the phone's */
  var clocks = function () {
    var shown = doc.querySelectorAll("time[data-clock]");
    for (var i = 0; i < shown.length; i++) {
      var when = new Date(shown[i].getAttribute("datetime")), zone = shown[i].getAttribute("data-zone");
      var parts = {hour: "2-digit", minute: "2-digit", timeZone: zone || undefined};
      try {
        var day = new Intl.DateTimeFormat("en", {timeZone: parts.timeZone}).format;
        if (day(when) !== day(new Date())) { parts.day = "numeric"; parts.month = "short"; }
        if (zone && zone !== Intl.DateTimeFormat().resolvedOptions().timeZone) { parts.timeZoneName = "short"; }
        shown[i].textContent = when.toLocaleString(root.getAttribute("lang") || undefined, parts);
      } catch (e) { /* as written */ }
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
})();
