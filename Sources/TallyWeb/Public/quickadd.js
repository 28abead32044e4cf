// The one-line quick add (issue 28): "coffee 4.50 starbucks yesterday". Without this file the
// field is a GET form to the add page, which answers with the record form filled from the draft
// (two steps). With it the draft is shown live as the line is typed, read by the server
// (POST …/transactions/parse: one reader for the pages, the API and the CLI), and Read fills the
// record form on this page; the person checks it and presses Save, so nothing is saved unseen.
// Offline the line waits in the queue (queue.js) and is read when the network is back; its draft
// then waits on the queue page to be checked and saved.
(() => {
  "use strict";
  var box = document.getElementById("quick-line-form"), Q = window.TallyQueue;
  var input = document.getElementById("quick-line"), out = document.getElementById("quick-draft");
  var book = document.body.getAttribute("data-book"), user = document.body.getAttribute("data-user");
  var csrf = (document.querySelector("meta[name=csrf-token]") || {}).content || "";
  var form = document.querySelector("form.record-form[data-queue]");
  var words = { typed: "as typed", payee: "the payee's usual", rule: "a rule", word: "a word in the line", default: "guessed" };
  var last = null, timer = 0, asked = 0, UI = window.TallyUI || {}, el = UI.el;


  // For app.js: the add page filled from a queued line (?queued=): its draft, or the line itself
  // when the reader refused it, back in the field to be fixed.
  window.TallyLine = {
    refill: (e) => {
      if (!input) return;
      input.value = e.line;
      if (e.draft) { last = { text: e.line, draft: e.draft }; show(e.draft); fill(e.draft); }
      else input.dispatchEvent(new Event("input"));
    },
  };

  // Lines kept offline are read once the network is back, each against the day it was typed, by
  // the first page of this file to be open (the service worker leaves them: a draft needs a page
  // to be checked on). The draft then waits on the queue page ("review"); one the reader refuses
  // waits there to be fixed. Never saved unseen.
  function parse(text, typed) {
    return fetch("/api/v1/books/" + book + "/transactions/parse", { method: "POST", credentials: "same-origin",
      headers: { "Content-Type": "application/json", "X-CSRF-Token": csrf }, body: JSON.stringify({ text: text, today: typed }) })
      .then((r) => r.json().then((body) => ({ ok: r.ok, status: r.status, body: body })));
  }
  function readKept() {
    if (!Q || !navigator.onLine || !user) return;
    Q.list().then((all) => {
      var lines = all.filter((e) => e.line && !e.fields && !e.draft && e.state === "waiting" && e.user === user && e.book === book);
      return lines.reduce((done, e) => done.then(() => parse(e.line, e.typed)).then((a) => {
        if (a.status !== 422 && !a.ok) throw new Error(a.body.detail || a.body.title);
        return Q.get(e.id).then((kept) => {
          if (!kept || kept.draft || kept.state !== "waiting") return;
          if (a.ok) { kept.draft = a.body; kept.state = "review"; }
          else { kept.state = "refused"; kept.status = 422; kept.message = a.body.detail || a.body.title; }
          return Q.put(kept);
        });
      }), Promise.resolve()).then(() => { if (lines.length) window.dispatchEvent(new Event("tally-queued")); });
    }).catch(() => {});
  }
  window.addEventListener("online", readKept);
  readKept();
  if (!box) return;

  function two(n) { return ("0" + n).slice(-2); }
  function today() { var d = new Date(); return d.getFullYear() + "-" + two(d.getMonth() + 1) + "-" + two(d.getDate()); }
  function say(text, cls, role) { UI.say(out, text, cls, role); }

  // The draft as the page's own box shows it (quick_line.mustache): each field, its value and
  // where it came from.
  function show(d) {
    out.textContent = "";
    var ul = el("ul", null, "draft-fields");
    [["kind", "Kind", d.kind.charAt(0).toUpperCase() + d.kind.slice(1)],
      ["amount", "Amount", d.amount && d.amount + " " + d.currency], ["date", "Date", d.date], ["time", "Time", d.time],
      ["payee", "Payee", d.payee], ["category", "Category", d.category], ["account", "Account", d.account],
      ["note", "Note", d.note]].forEach((f) => {
      if (!f[2]) return;
      var li = el("li"), source = (d.sources || {})[f[0]] || "default";
      li.appendChild(el("span", f[1], "draft-label"));
      li.appendChild(document.createTextNode(" "));
      li.appendChild(el("span", f[2], "draft-value"));
      li.appendChild(document.createTextNode(" "));
      li.appendChild(el("small", words[source] || source, "draft-source source-" + source));
      ul.appendChild(li);
    });
    out.appendChild(ul);
    if (form) out.appendChild(el("p", "Press Read to fill in the form, check it, then Save.", "muted"));
  }

  // Reads a line on the server; a later line's answer wins over an earlier one still coming.
  function read(text) {
    var n = ++asked;
    return parse(text).then((a) => {
      if (n !== asked) return null;
      if (a.status >= 500 || a.status === 401 || a.status === 403) throw new Error(a.body.detail || a.body.title);
      last = a.ok ? { text: text, draft: a.body } : { text: text, error: a.body.detail || a.body.title };
      if (a.ok) show(a.body); else say(last.error.replace(/^text: /, ""), "error", "alert");
      return last;
    });
  }

  input.addEventListener("input", () => {
    clearTimeout(timer);
    var text = input.value.trim();
    if (!text) { out.textContent = ""; last = null; return; }
    if (!navigator.onLine) { say("Offline: Read keeps the line on this phone, to be read when the network is back.", "muted"); return; }
    timer = setTimeout(() => { read(text).catch(() => {}); }, 250);
  });

  // The tile of a category named "Food:Coffee", and the account option named "Visa".
  function chooseCategory(path) {
    var radio = path && Array.prototype.filter.call(form.querySelectorAll(".tile[data-path]"), (t) => {
      return t.getAttribute("data-path").toLowerCase() === path.toLowerCase();
    }).map((t) => t.querySelector("input[name=category]"))[0];
    if (!radio) radio = form.querySelector("input[name=category][value='']");
    if (radio) { radio.checked = true; radio.dispatchEvent(new Event("change", { bubbles: true })); }
  }
  function set(name, value) {
    var f = form.elements[name];
    if (!f || value == null) return;
    if (f.tagName === "SELECT") {
      var option = Array.prototype.filter.call(f.options, (o) => o.text === value)[0];
      if (!option) return;
      f.value = option.value;
    } else f.value = value;
    f.dispatchEvent(new Event("change", { bubbles: true }));
  }

  // The draft into the record form: the payee first, so that its usual category and account
  // (filled by app.js) give way to the draft's own.
  function fill(d) {
    var kind = form.querySelector("input[name=kind][value=" + d.kind + "]");
    if (kind) { kind.checked = true; kind.dispatchEvent(new Event("change", { bubbles: true })); }
    set("payee", d.payee || "");
    set("amount", d.amount);
    set("currency", d.currency);
    set("date", d.date);
    set("time", d.time || "");
    chooseCategory(d.category);
    if (d.account) set("account", d.account);
    set("note", d.note || "");
    var check = el("p", "Filled in below: check it, change anything, then Save.", "muted");
    check.id = "quick-check";
    out.appendChild(check);
    var save = document.getElementById("save");
    if (save) { save.scrollIntoView({ block: "center" }); save.focus(); }
  }

  // Offline (or the server out of reach): the line waits in the queue with the day it was typed,
  // so "yesterday" still means the day before that one when it is read.
  function keep(text) {
    var entry = { id: Q.uuid(), created: Date.now(), book: book, user: user, line: text, typed: today(),
      state: "waiting", label: text };
    return Q.put(entry).then(() => {
      input.value = "";
      last = null;
      say("Saved on this phone: read when the network is back, then shown in Waiting to sync for you to check.", "muted", "status");
      window.dispatchEvent(new Event("tally-queued"));
    });
  }

  box.addEventListener("submit", (event) => {
    var text = input.value.trim();
    // No record form here (or no queue): the add page reads the line, as without JavaScript.
    if (!form || !Q || !text) return;
    event.preventDefault();
    clearTimeout(timer);
    if (!navigator.onLine) { keep(text); return; }
    (last && last.text === text ? Promise.resolve(last) : read(text)).then((got) => {
      if (got && got.draft) fill(got.draft);
      else if (got) input.focus();
    }, () => { keep(text); });
  });
})();
