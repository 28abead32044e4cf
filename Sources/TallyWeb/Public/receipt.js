// "Or read a receipt photo" on the add page (issue 28). Without this file the photo is posted to
// the add page, which answers with the form filled from what the photo says (two steps; the photo
// must then be chosen again to be kept). With it, choosing the photo sends it to the server's
// reader (POST …/receipts/read: Tesseract on this server, the same reader as the API and the CLI),
// fills the record form on this page, marks each proposed field, and puts the photo into the
// form's Receipt photos so that Save stores it with the record. The person checks the form and
// presses Save: nothing is saved unseen. Offline, or on a server without Tesseract, the photo is
// still kept with the record and the form is left for the person to fill.
(() => {
  "use strict";
  var box = document.getElementById("receipt-read-form"), photo = document.getElementById("receipt-photo");
  var out = document.getElementById("receipt-draft"), form = document.querySelector("form.record-form[data-queue]");
  if (!box || !photo || !out || !form || !window.TallyUI) return;
  var UI = window.TallyUI, el = UI.el;
  var book = document.body.getAttribute("data-book");
  var csrf = (document.querySelector("meta[name=csrf-token]") || {}).content || "";
  var words = {};
  try { words = JSON.parse(out.getAttribute("data-words") || "{}"); } catch (e) { words = {}; }

  function say(text, cls, role) { UI.say(out, text, cls, role); }

  // The photo into the form's own file field, after any already chosen there, so that Save (or
  // the offline queue) keeps it with the record.
  function keepPhoto(file) {
    var field = form.elements["receipts[]"];
    if (!field || typeof DataTransfer === "undefined") return false;
    try {
      var all = new DataTransfer();
      Array.prototype.forEach.call(field.files || [], (f) => { if (f !== file) all.items.add(f); });
      all.items.add(file);
      field.files = all.files;
      return true;
    } catch (e) { return false; }
  }

  // Each proposed field as the page's own box shows it (receipt_read.mustache).
  function show(p) {
    out.textContent = "";
    var ul = el("ul", null, "draft-fields");
    [["amount", "Amount", p.amount && p.amount + " " + p.currency], ["currency", "Currency", p.currency],
      ["date", "Date", p.date], ["payee", "Payee", p.payee]].forEach((f) => {
      var source = f[2] ? (p.sources || {})[f[0]] : null;
      var li = el("li");
      li.appendChild(el("span", f[1], "draft-label"));
      li.appendChild(document.createTextNode(" "));
      li.appendChild(el("span", source ? f[2] : "—", "draft-value"));
      li.appendChild(document.createTextNode(" "));
      li.appendChild(el("small", source ? words[source] || source : "not read: fill it in", "draft-source source-" + (source || "missing")));
      ul.appendChild(li);
    });
    out.appendChild(ul);
  }

  // A proposed value into the form, marked until the person changes it.
  function propose(name, value) {
    var f = form.elements[name];
    if (!f || value == null || value === "") return;
    f.value = value;
    f.classList.add("proposed");
    f.setAttribute("aria-describedby", ((f.getAttribute("aria-describedby") || "") + " receipt-draft").trim());
    f.dispatchEvent(new Event("change", { bubbles: true }));
    f.addEventListener("input", () => f.classList.remove("proposed"), { once: true });
  }

  function fill(p, kept) {
    var kind = form.querySelector("input[name=kind][value=expense]");
    if (kind && !kind.checked) { kind.checked = true; kind.dispatchEvent(new Event("change", { bubbles: true })); }
    // The payee first: its usual category and account (app.js) come with it.
    propose("payee", p.payee);
    propose("amount", p.amount);
    propose("currency", p.currency);
    propose("date", p.date);
    var check = el("p", "Filled in below: check it, change anything, then Save." +
      (kept ? " The photo is kept with the record." : ""), "muted");
    check.id = "receipt-check";
    out.appendChild(check);
    if (p.text) {
      var text = el("details", null, "receipt-text");
      text.appendChild(el("summary", "What was read"));
      text.appendChild(el("pre", p.text));
      out.appendChild(text);
    }
    var save = document.getElementById("save");
    if (save) { save.scrollIntoView({ block: "center" }); save.focus(); }
  }

  function read(file) {
    var kept = keepPhoto(file);
    if (!navigator.onLine) {
      say("Offline: the photo is kept with the record below; fill in the form and Save.", "muted", "status");
      return;
    }
    say("Reading the receipt…", "muted", "status");
    fetch("/api/v1/books/" + book + "/receipts/read", { method: "POST", credentials: "same-origin",
      headers: { "Content-Type": file.type || "application/octet-stream", "X-CSRF-Token": csrf }, body: file })
      .then((r) => r.json().then((body) => ({ ok: r.ok, body: body })))
      .then((a) => {
        if (!a.ok) {
          say((a.body.detail || a.body.title || "The photo could not be read") +
            (kept ? ". The photo is kept with the record: fill in the form and Save." : ""), "error", "alert");
          return;
        }
        show(a.body);
        fill(a.body, kept);
      }, () => {
        say("The server could not be reached: the photo is kept with the record below; fill in the form and Save.", "muted", "status");
      });
  }

  photo.addEventListener("change", () => { if (photo.files && photo.files[0]) read(photo.files[0]); });
  box.addEventListener("submit", (event) => {
    event.preventDefault();
    if (photo.files && photo.files[0]) read(photo.files[0]);
    else photo.click();
  });
})();
