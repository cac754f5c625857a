// No deal lost when the network drops (plain HTTP on a club network: no service worker).
// The new-deal form sends in the background. A deal the server cannot be reached for waits in
// localStorage with its form's nonce (the server records a nonce once, so a deal sent twice is
// stored once) and is sent again by itself, with back-off, and on every page load of the match.
// A deal the server refuses is shown back in its form, as the server answers it; never dropped.
(function () {
  "use strict";
  var box = document.getElementById("outbox");
  if (!box || !window.fetch || !window.localStorage || !window.URLSearchParams) return;
  var KEY = "scorekeeper-outbox";
  var FIRST_DELAY = 2000, LAST_DELAY = 60000;
  var match = box.dataset.match;
  var form = box.dataset.send ? document.querySelector("form.deal-form") : null;
  var onScreen = form && form.elements.nonce ? form.elements.nonce.value : "";
  var count = box.querySelector(".outbox-count");
  var refusedLine = box.querySelector(".outbox-refused");
  var delay = FIRST_DELAY, timer = null, busy = false, touched = false, sent = 0;
  var drawn = true;  // the page is as the server drew it (not a form this script started again)

  function all() {
    try { return JSON.parse(localStorage.getItem(KEY)) || []; } catch (error) { return []; }
  }
  function keep(list) { localStorage.setItem(KEY, JSON.stringify(list)); }
  function mine() { return all().filter(function (item) { return item.match === match; }); }
  function waiting() { return mine().filter(function (item) { return !item.refused; }); }
  function refused() {
    return mine().filter(function (item) { return item.refused && item.nonce !== onScreen; });
  }
  function drop(nonce) { keep(all().filter(function (item) { return item.nonce !== nonce; })); }
  function markRefused(nonce) {
    keep(all().map(function (item) { if (item.nonce === nonce) item.refused = true; return item; }));
  }

  function show() {
    var n = waiting().length;
    count.textContent = n === 1 ? box.dataset.one : box.dataset.many.replace("{n}", String(n));
    count.hidden = !n;
    refusedLine.hidden = !refused().length;
    box.hidden = count.hidden && refusedLine.hidden;
  }

  function post(item) {
    var body = new URLSearchParams();
    item.entries.forEach(function (pair) { body.append(pair[0], pair[1]); });
    return fetch(item.url, {method: "POST", body: body, credentials: "same-origin"}).then(function (response) {
      if (response.status >= 500) throw new Error("server unavailable");  // restarting: try later
      return response.ok && response.redirected ? response : null;  // saved (to the sheet), or refused
    });
  }

  // The saved deal's row, where the page without JavaScript is sent (#deal-<id>: its sheet says "Deal saved.").
  // The fetch's URL drops the redirect's fragment, but its answer is that sheet, whose latest row is the deal
  // (or one recorded after it in the same instant, which only a client that sends no version can do).
  function savedRow(saved) {
    return saved.text().then(function (html) {
      var cell = new DOMParser().parseFromString(html, "text/html").querySelector("#latest > td[id]");
      return cell ? cell.id : "latest";
    }, function () { return "latest"; });
  }

  // A refused deal goes back to its form the way the server answers it: the message under the field.
  function reshow(item) {
    var again = document.createElement("form");
    again.method = "post";
    again.action = item.url;
    again.hidden = true;
    item.entries.forEach(function (pair) {
      var input = document.createElement("input");
      input.type = "hidden";
      input.name = pair[0];
      input.value = pair[1];
      again.appendChild(input);
    });
    document.body.appendChild(again);
    HTMLFormElement.prototype.submit.call(again);
  }

  // This page shows what the server refused (a form with its messages): it stays on screen.
  function shownRefusal() { return Boolean(document.querySelector("p.error")); }

  function retry() {
    clearTimeout(timer);
    timer = setTimeout(flush, delay);
    delay = Math.min(delay * 2, LAST_DELAY);
  }

  // Send what waits, oldest first; once it is all sent, show the sheet (or a fresh form) again.
  function flush() {
    clearTimeout(timer);
    if (busy) return;
    var next = waiting()[0];
    if (!next) {
      show();
      // the sheet with the deals sent, or a form drawn after them (its version counts them)
      if (sent && drawn && !touched && !shownRefusal()) location.replace(location.href.split("#")[0]);
      return;
    }
    busy = true;
    post(next).then(function (saved) {
      busy = false;
      if (saved) {
        drop(next.nonce);
        sent += 1;
        delay = FIRST_DELAY;
        flush();
        return;
      }
      markRefused(next.nonce);
      show();
      if (!touched && !shownRefusal()) reshow(next);
    }).catch(function () {
      busy = false;
      show();
      retry();
    });
  }

  function freshNonce() {
    var bytes = new Uint8Array(16);
    window.crypto.getRandomValues(bytes);
    return Array.prototype.map.call(bytes, function (b) { return ("0" + b.toString(16)).slice(-2); }).join("");
  }

  // The deal waits on the phone: the form starts the next one (its version counts the deals waiting).
  function nextDeal() {
    var version = form.elements.version, nonce = form.elements.nonce;
    var drawn = parseInt(version.value, 10);
    form.reset();
    version.value = isNaN(drawn) ? "" : String(drawn + 1);
    nonce.value = onScreen = freshNonce();
    form.dataset.sending = "";
    touched = false;
    drawn = false;
    window.scrollTo(0, 0);
  }

  if (form) {
    form.addEventListener("input", function () { touched = true; });
    form.addEventListener("submit", function (event) {
      var button = event.submitter;
      if (form.dataset.sending === "1" || !button || button.value !== "save" || !form.elements.nonce) return;
      event.preventDefault();
      var entries = [];
      new FormData(form).forEach(function (value, name) {
        if (typeof value === "string" && name !== "action") entries.push([name, value]);
      });
      entries.push(["action", "save"]);
      // (not form.action: the form's buttons are named "action")
      var url = form.getAttribute("action") || location.href.split("#")[0];
      var item = {match: match, url: url, nonce: form.elements.nonce.value, entries: entries};
      var earlier = waiting().filter(function (other) { return other.nonce !== item.nonce; });
      keep(all().filter(function (other) { return other.nonce !== item.nonce; }).concat([item]));
      if (earlier.length) {  // deals wait already: this one goes after them
        setTimeout(nextDeal, 0);  // (after deal.js has seen this tap)
        show();
        flush();
        return;
      }
      post(item).then(function (saved) {
        if (saved) {
          drop(item.nonce);
          return savedRow(saved).then(function (row) { location.assign(saved.url.split("#")[0] + "#" + row); });
        }
        markRefused(item.nonce);
        reshow(item);
      }).catch(function () {
        nextDeal();
        show();
        retry();
      });
    });
  }

  box.querySelector("[data-show]").addEventListener("click", function () {
    var item = refused()[0];
    if (item) reshow(item);
  });
  box.querySelector("[data-forget]").addEventListener("click", function () {
    var item = refused()[0];
    if (item) drop(item.nonce);
    show();
  });
  window.addEventListener("online", flush);
  show();
  flush();
})();
