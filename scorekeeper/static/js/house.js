/* House rules (templates/house_form.html): what the numbers typed change, and the sample
   deal scored both ways, asked of the server as the fields change; without a script, the
   "See what changes" button asks the same. */
(function () {
  "use strict";
  var form = document.querySelector("form.house"), out = document.getElementById("house-preview");
  if (!form || !out || !window.fetch || !window.DOMParser || !window.URLSearchParams) { return; }
  var timer = null, asked = 0;
  function ask() {
    var data = new URLSearchParams(new FormData(form)), mine = ++asked;
    data.set("action", "preview");
    fetch(location.href, {method: "POST", body: data, credentials: "same-origin"})
      .then(function (r) { return r.text(); })
      .then(function (html) {
        var fresh = new DOMParser().parseFromString(html, "text/html").getElementById("house-preview");
        if (mine === asked && fresh) { out.innerHTML = fresh.innerHTML; }
      })
      .catch(function () { /* no answer: the preview stays as it was; Save still sends the form */ });
  }
  function later() {
    clearTimeout(timer);
    timer = setTimeout(ask, 400);
  }
  form.addEventListener("input", later);
  form.addEventListener("change", later);
})();
