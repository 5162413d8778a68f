/* A page that follows an evening by itself (the room's big screen, templates/event_tv.html;
   a table's page waiting for the other side or the next turn, event_phone.html, which
   the server sends to the pair's new table once it moved: that page is then opened): the
   page fetched again every few seconds and its ``[data-follow]`` content put in place, the
   big screen's standings shown a page at a time. When the server does not answer, the
   last state stays on the screen with a note, and it is asked again less and less often
   (at most every minute) until it answers. Nothing is typed on such a page. The big
   screen asks every 2 seconds (a table confirmed shows within 5), a table's phones every
   5 (data-follow="5": two hundred phones in a big room). */
(function () {
  "use strict";
  var box = document.querySelector("[data-follow]");
  var note = document.querySelector("[data-follow-stale]");
  if (!box) { return; }
  var SECOND = 1000;
  var EVERY = (parseInt(box.getAttribute("data-follow"), 10) || 5) * SECOND, MOST = 60 * SECOND, TURN_PAGE = 10 * SECOND;
  var wait = EVERY, page = 0;

  function show() {
    var pages = box.querySelectorAll("[data-page]");
    if (page >= pages.length) { page = 0; }
    pages.forEach(function (p, i) { p.hidden = i !== page; });
  }

  function again() {
    fetch(location.href, {cache: "no-store", credentials: "same-origin"}).then(function (r) {
      if (!r.ok) { throw new Error(String(r.status)); }
      /* the page sent elsewhere: a pair's phone whose pair moved to another table opens it */
      if (r.redirected && r.url.split("#")[0] !== location.href.split("#")[0]) {
        location.replace(r.url);
        return null;
      }
      return r.text();
    }).then(function (html) {
      if (html === null) { return; }
      var fresh = new DOMParser().parseFromString(html, "text/html").querySelector("[data-follow]");
      if (!fresh) { location.reload(); return; }  // the page changed its kind: show it whole
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
