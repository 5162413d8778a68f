/* The deals of an evening's table entered on this phone while the server could not be
   reached (templates/event_phone.html): the service worker keeps them in its outbox
   (sw/main.js) and sends them, oldest first, as soon as the server answers; this page
   counts them, says when the server refused one (the table changed meanwhile) and lets
   it be thrown away, and shows the server's page once none waits. */
(function () {
  "use strict";
  var box = document.getElementById("waiting"), sw = navigator.serviceWorker;
  if (!box || !sw) { return; }
  var token = box.getAttribute("data-token"), had = 0, refused = [];

  function ask() {
    sw.ready.then(function (reg) { reg.active.postMessage({type: "outbox", token: token}); });
  }

  sw.addEventListener("message", function (e) {
    var data = e.data || {};
    /* a deal of this side's sent: the server's page has it */
    if (data.type === "synced" && (data.sent || []).indexOf(token) >= 0) { location.reload(); return; }
    if (data.type === "synced" || data.type === "sync-done" || data.type === "discarded") {
      ask();
      return;
    }
    if (data.type !== "outbox" || data.token !== token) { return; }
    var entries = data.entries || [];
    refused = entries.filter(function (x) { return x.refused || x.opened; });
    var waiting = entries.length - refused.length;
    box.hidden = !entries.length;
    box.querySelector("[data-count]").textContent = String(waiting);
    box.querySelector("[data-refused]").hidden = !refused.length;
    next(waiting);
    if (had && !entries.length) { location.reload(); }  // all sent: the server's page
    had = entries.length;
  });

  /* the next deal to enter comes after the ones waiting here; none once the turn's deals
     are all entered (data-next: the next one the server knows, data-last: the turn's) */
  var enter = document.querySelector("[data-next]"), slot = enter && enter.querySelector("a [data-n]");
  function next(waiting) {
    if (!slot) { return; }
    var number = parseInt(enter.getAttribute("data-next"), 10) + waiting;
    enter.hidden = number > parseInt(enter.getAttribute("data-last"), 10);
    slot.textContent = String(number);
  }

  box.querySelector("[data-discard]").addEventListener("click", function () {
    if (!refused.length) { return; }
    sw.ready.then(function (reg) { reg.active.postMessage({type: "discard", id: refused[0].id}); });
  });
  ask();
}());
