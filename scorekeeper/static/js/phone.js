/* The phone's own referee (js/referee.js, a module Web Worker running the project's
   Python referee on Pyodide from the offline pack), for the pages that ask it when the
   server cannot answer: window.Scorekeeper.referee(asked) answers like the JSON API
   ({status, doc}); ready() starts it in the background once the pack is on the phone. */
(function () {
  "use strict";
  var doc = document;
  var S = window.Scorekeeper = window.Scorekeeper || {};
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
  var SILENT = 8000, STARTING = 60000, FIRST_WORD = 4000;
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
        if (!e.data.status) {  /* Python could not start: this question is asked again */
          fail();
          if (done) { done(e.data); }
          return;
        }
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

  /* Started in the background once the pack is on the phone (register.js): on a page
     that may ask it (ASKS), so that its first answer offline does not wait for Python;
     elsewhere only while no snapshot is kept (Python's first start keeps one). */
  var ASKS = "#deal-form, #outbox, #waiting, [data-check], form[data-phone-setup]";
  function warm() {
    S.warmed = S.warmed || phone(referee, {kind: "check", body: {melds: ["5H 6H 7H"]}, lang: "en"}, true)
      .then(function () { return true; }, function () { return false; });  /* asked again later */
  }
  function ready() {
    if (!referee || !window.Worker) { return; }
    if (doc.querySelector(ASKS) || !window.caches) { warm(); return; }
    var pack = new URL(referee, location.href).searchParams.get("pack") || "unversioned";
    caches.has("scorekeeper-referee-" + pack).then(function (kept) {
      if (!kept) { warm(); }
    }).catch(warm);
  }

  S.refereeUrl = referee;
  S.referee = function (asked) { return phone(referee, asked); };
  S.ready = ready;
})();
