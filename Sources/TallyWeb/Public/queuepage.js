// The queue page (queue.mustache): the records waiting on this device, drawn from the queue that
// app.js reads whenever it changes (the "tally-queue" event). Loaded with that page only, so the
// scripts every page loads stay small. A line typed offline and read by quickadd.js waits here
// as its draft ("review"): Save sends it as shown, Change opens the add page filled with it.
(() => {
  "use strict";
  var Q = window.TallyQueue, ul = document.getElementById("queue-list"), now = document.getElementById("sync-now");
  if (!Q || !ul || !window.TallyUI) return;
  var el = window.TallyUI.el;
  // app.js sends the queue (and then draws it again) on this event.
  function sync() { window.dispatchEvent(new Event("tally-queued")); }
  // A draft (POST …/transactions/parse) as the fields POST …/transactions takes: the category by
  // its path and the account by its name, which the API reads as it reads ids.
  function fields(d) {
    var f = { kind: d.kind, amount: d.amount, currency: d.currency, date: d.date, tags: [] };
    ["time", "payee", "category", "account", "note"].forEach((k) => { if (d[k]) f[k] = d[k]; });
    return f;
  }
  function review(li, e) {
    var d = e.draft, save = el("button", "Save", "primary"), change = el("a", "Change", "button");
    li.appendChild(el("p", [d.amount + " " + d.currency, d.date, d.payee, d.category, d.account, d.note]
      .filter(Boolean).join(" · "), "draft"));
    save.type = "button";
    // An entry in review is never claimed by a sender (it has no fields), so nothing races this.
    save.onclick = () => {
      Q.get(e.id).then((kept) => {
        if (!kept || kept.state !== "review") return;
        kept.fields = fields(kept.draft);
        kept.state = "waiting";
        return Q.put(kept);
      }).then(sync);
    };
    change.href = "/books/" + e.book + "/transactions/new?queued=" + e.id;
    li.appendChild(save);
    li.appendChild(change);
  }
  window.addEventListener("tally-queue", (event) => {
    var all = event.detail;
    ul.textContent = "";
    if (!all.length) ul.appendChild(el("li", "Nothing waiting: every record is on the server.", "empty"));
    all.forEach((e) => {
      var li = el("li", null, e.state), what = el("span", null, "what");
      li.setAttribute("data-id", e.id);
      what.appendChild(el("b", e.label));
      what.appendChild(el("small", (e.fields ? e.fields.date : e.typed) +
        (e.receipts && e.receipts.length ? " · 📷 " + e.receipts.length : "")));
      li.appendChild(what);
      if (e.state === "waiting") li.appendChild(el("span", "Waiting", "badge"));
      else {
        if (e.state === "review") review(li, e);
        else {
          li.appendChild(el("p", e.message, "error"));
          var fix = el("a", "Fix", "button");
          fix.href = "/books/" + e.book + "/transactions/" + (e.transaction ? e.transaction + "/edit" : "new?queued=" + e.id);
          li.appendChild(fix);
        }
        var drop = el("button", "Discard", "link");
        drop.type = "button";
        drop.onclick = () => { if (window.confirm("Discard this record?")) Q.discard(e.id).then(sync); };
        li.appendChild(drop);
      }
      ul.appendChild(li);
    });
    if (now) { now.hidden = !all.length; now.onclick = sync; }
  });
  // app.js may have read the queue before this file ran: have it read and draw it again.
  sync();
})();
