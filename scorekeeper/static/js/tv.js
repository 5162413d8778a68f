/* The room's big screen (templates/event_tv.html): the page fetched again every few
   seconds and its content put in place, the standings shown a page at a time. When the
   server does not answer, the last state stays on the screen with a note, and it is
   asked again less and less often (at most every minute) until it answers. */
(function () {
  "use strict";
  var box = document.querySelector("[data-tv]");
  var note = document.querySelector("[data-tv-stale]");
  if (!box) { return; }
  var EVERY = 5000, MOST = 60000, TURN_PAGE = 10000;
  var wait = EVERY, page = 0;

  function show() {
    var pages = box.querySelectorAll("[data-page]");
    if (page >= pages.length) { page = 0; }
    pages.forEach(function (p, i) { p.hidden = i !== page; });
  }

  function again() {
    fetch(location.href, {cache: "no-store", credentials: "same-origin"}).then(function (r) {
      if (!r.ok) { throw new Error(String(r.status)); }
      return r.text();
    }).then(function (html) {
      var fresh = new DOMParser().parseFromString(html, "text/html").querySelector("[data-tv]");
      if (!fresh) { throw new Error("not the big screen"); }
      box.innerHTML = fresh.innerHTML;
      show();
      document.dispatchEvent(new Event("scorekeeper:replaced"));
      if (note) { note.hidden = true; }
      wait = EVERY;
    }).catch(function () {
      if (note) { note.hidden = false; }
      wait = Math.min(MOST, wait * 2);
    }).then(function () { setTimeout(again, wait); });
  }

  show();
  setInterval(function () { page += 1; show(); }, TURN_PAGE);
  setTimeout(again, wait);
}());
