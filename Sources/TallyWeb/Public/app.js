// Tally's progressive enhancements. Every page works without this file: forms post, links go.
// Here: the service worker, the status line ("Offline — as of 14:05", records waiting to sync),
// the menu, the queue page and quick add (saved to the queue, sent at once when online, a toast
// with Undo).
(() => {
  "use strict";
  var Q = window.TallyQueue, root = document.documentElement, book = document.body.getAttribute("data-book");
  var user = document.body.getAttribute("data-user");
  var csrf = (document.querySelector("meta[name=csrf-token]") || {}).content;
  var bar = document.getElementById("status-bar"), sw = navigator.serviceWorker;
  var cachedAt = Number(root.getAttribute("data-cached-at")) || 0, fresh = false;
  root.classList.add("js");

  function el(tag, text, cls) {
    var e = document.createElement(tag);
    if (text) e.textContent = text;
    if (cls) e.className = cls;
    return e;
  }
  // One message in a box, replacing what it said.
  function say(box, text, cls, role) {
    box.textContent = "";
    var p = el("p", text, cls);
    if (role) p.setAttribute("role", role);
    box.appendChild(p);
  }
  // For the scripts of single pages (quickadd.js, receipt.js, queuepage.js), which run after this.
  window.TallyUI = { el: el, say: say };
  function two(n) { return ("0" + n).slice(-2); }
  function day(d) { return d.getFullYear() + "-" + two(d.getMonth() + 1) + "-" + two(d.getDate()); }
  function toast(text, undo) {
    var old = document.querySelector(".toast");
    if (old) old.remove();
    var t = el("div", null, "toast");
    t.setAttribute("role", "status");
    t.appendChild(el("span", text));
    if (undo) {
      var b = el("button", "Undo", "link");
      b.type = "button";
      b.onclick = () => { t.remove(); undo(); };
      t.appendChild(b);
    }
    document.body.appendChild(t);
    setTimeout(() => { t.remove(); }, 8000);
  }

  // The queue of whoever is signed in here (on the offline page: of the last one who was).
  function own() { return Promise.all([Q.list(), user || Q.getMeta("user")]).then((r) => r[0].filter((e) => e.user === r[1])); }
  // Entries are "waiting", "refused" (to fix) or "review" (a line read, to check: quickadd.js).
  function count(all, state) { return all.filter((e) => e.state === (state || "waiting")).length; }
  function saved(n) { return "Saved on this phone — " + n + " waiting to sync"; }

  function status() {
    if (!Q) return Promise.resolve();
    return own().then((all) => {
      var waiting = count(all);
      if (bar) {
        bar.textContent = "";
        if (cachedAt) {
          var at = new Date(cachedAt);
          bar.appendChild(el("span", (navigator.onLine ? "Slow network" : "Offline") + " — as of " + two(at.getHours()) + ":" + two(at.getMinutes()) + ". "));
          if (fresh) { var r = el("a", "Reload"); r.href = location.href; bar.appendChild(r); }
        }
        if (all.length) {
          var check = count(all, "review"), fix = count(all, "refused");
          var a = el("a", [waiting && saved(waiting), check && check + " to check", fix && fix + " to fix"].filter(Boolean).join("; "));
          a.href = "/books/" + (book || all[0].book) + "/queue";
          a.id = "queue-status";
          bar.appendChild(a);
        }
        bar.hidden = !bar.firstChild;
      }
      // The queue page's list (queuepage.js, loaded with that page only).
      window.dispatchEvent(new CustomEvent("tally-queue", { detail: all }));
    });
  }

  // A send that stopped while the phone says it is online (a flaky network, a server restarting)
  // is tried again after 5 s, then 10, 20, up to a minute; one another page or the worker holds
  // is looked at again every 5 s.
  var retry = 5000, timer = 0;
  function sync() {
    if (!Q) return Promise.resolve({ sent: {}, refused: {}, stopped: true });
    return Q.sync().then((r) => {
      clearTimeout(timer);
      if (r.stopped && navigator.onLine) {
        timer = setTimeout(sync, r.busy ? 5000 : retry);
        if (!r.busy) retry = Math.min(retry * 2, 60000);
      } else retry = 5000;
      return status().then(() => r);
    });
  }
  function later() { if (sw) sw.ready.then((r) => { if (r.sync) return r.sync.register("tally-queue"); }).catch(() => {}); }

  if (Q) {
    // A fresh page says who is signed in: the queue sends only their records, and the pages saved
    // for another user on this device are forgotten.
    var ready = cachedAt || !user ? Promise.resolve() : Q.getMeta("user").then((last) => {
      if (last !== user && sw && sw.controller) sw.controller.postMessage({ type: "forget" });
      return Promise.all([Q.setMeta("user", user), Q.setMeta("csrf", csrf), book ? Q.setMeta("book", book) : 0]);
    });
    ready.then(() => navigator.onLine ? sync() : status()).catch(() => {});
    Q.onChange(status);
    window.addEventListener("pagehide", Q.release);
    window.addEventListener("online", sync);
    window.addEventListener("offline", status);
    // A line kept or read by quickadd.js.
    window.addEventListener("tally-queued", sync);
  }
  if (sw && window.isSecureContext) {
    sw.register("/sw.js").catch(() => {});
    sw.addEventListener("message", (event) => {
      var data = event.data || {};
      if (data.type === "fresh" && cachedAt && data.url === location.href) { fresh = true; status(); }
      if (data.type === "sync" && navigator.onLine) sync();
    });
    if (book && navigator.onLine && !cachedAt) sw.ready.then((r) => {
      r.active.postMessage({ type: "warm", urls: ["today", "transactions/new", "queue"].map((p) => "/books/" + book + "/" + p) });
    });
    var logout = document.querySelector("form.logout");
    if (logout) logout.addEventListener("submit", () => { if (sw.controller) sw.controller.postMessage({ type: "forget" }); });
  }

  var menu = document.querySelector("details.menu");
  if (menu && window.matchMedia) {
    var wide = window.matchMedia("(min-width: 800px)");
    var fit = () => { menu.open = wide.matches; };
    fit();
    if (wide.addEventListener) wide.addEventListener("change", fit); else wide.addListener(fit);
  }

  var form = document.querySelector("form.record-form");
  if (!form) return;
  var fields = form.elements, error = document.getElementById("form-error"), replacing = null;
  function kind() { var c = form.querySelector("input[name=kind]:checked"); return c ? c.value : "expense"; }
  function syncKind() {
    var k = kind(), chosen = form.querySelector("input[name=category]:checked");
    form.setAttribute("data-kind", k);
    form.classList.toggle("is-transfer", k === "transfer");
    if (chosen && chosen.value && !chosen.closest(".tile-grid[data-kind=" + k + "]")) chosen.checked = false;
  }
  function openSub(radio) {
    var tile = radio.closest(".tile"), id = tile && tile.getAttribute("data-id");
    Array.prototype.forEach.call(form.querySelectorAll(".sub"), (s) => {
      s.classList.toggle("open", s.getAttribute("data-parent") === id || s.contains(radio));
    });
  }
  function choose(id) {
    var r = form.querySelector("input[name=category][value='" + (id || "") + "']");
    if (r) { r.checked = true; openSub(r); }
  }
  function summary() {
    var s = document.getElementById("more-summary"), a = fields.account;
    if (s) s.textContent = (fields.date.value === day(new Date()) ? "Today" : fields.date.value) +
      (a && a.value ? " · " + a.options[a.selectedIndex].text : "") + " · " + fields.currency.value;
  }
  form.addEventListener("change", (event) => {
    var name = event.target.name;
    if (name === "kind") syncKind();
    if (name === "category") openSub(event.target);
    if (name === "date" || name === "account" || name === "currency") summary();
  });
  syncKind();
  // A page from the cache may be from another day: a new record starts today.
  if (cachedAt && form.hasAttribute("data-queue") && fields.date.value === form.getAttribute("data-date") &&
      day(new Date(cachedAt)) !== day(new Date())) { fields.date.value = day(new Date()); summary(); }

  // A known payee brings its usual category and account (from the page: no request, also offline).
  if (fields.payee) fields.payee.addEventListener("change", () => {
    var name = fields.payee.value.trim().toLowerCase();
    var match = Array.prototype.filter.call(document.querySelectorAll("#payee-list option"), (o) => {
      return o.value.toLowerCase() === name;
    })[0];
    if (!match) return;
    var chosen = form.querySelector("input[name=category]:checked");
    if (!chosen || !chosen.value) choose(match.getAttribute("data-category"));
    var account = match.getAttribute("data-account");
    if (account && fields.account.querySelector("option[value='" + account + "']")) { fields.account.value = account; summary(); }
  });

  if (!form.hasAttribute("data-queue") || !Q) return;
  // The split editor: split.js, which comes with every record form (and is in the offline shell).
  var split = () => window.TallySplit;
  function fail(message) {
    error.textContent = message;
    error.hidden = false;
    fields.amount.focus();
  }
  // A record to fix, from the queue page: its fields back in the form, replaced when saved.
  var queued = new URLSearchParams(location.search).get("queued");
  if (queued) Q.get(queued).then((e) => {
    if (!e) return;
    replacing = e;
    // A line typed offline: its draft, or the line itself when it could not be read (quickadd.js).
    if (!e.fields) { if (window.TallyLine) TallyLine.refill(e); return; }
    Object.keys(e.fields).forEach((k) => {
      var f = fields[k];
      if (f && f.type !== "radio" && !f.length) f.value = e.fields[k];
      else if (f && f.tagName === "SELECT") f.value = e.fields[k];
    });
    form.querySelector("input[name=kind][value=" + (e.fields.kind || "expense") + "]").checked = true;
    syncKind();
    choose(e.fields.category);
    if (e.fields.lines) split().fill(e.fields.lines);
    summary();
    if (e.message) fail(e.message);
  });

  // A photo becomes a JPEG of at most 1600 px on its longer side before it is stored or sent.
  function scale(file) {
    return new Promise((resolve) => {
      var url = URL.createObjectURL(file), img = new Image();
      img.onload = () => {
        var k = Math.min(1, 1600 / Math.max(img.naturalWidth, img.naturalHeight)), c = document.createElement("canvas");
        c.width = Math.max(1, Math.round(img.naturalWidth * k));
        c.height = Math.max(1, Math.round(img.naturalHeight * k));
        c.getContext("2d").drawImage(img, 0, 0, c.width, c.height);
        URL.revokeObjectURL(url);
        c.toBlob((blob) => { resolve(blob || file); }, "image/jpeg", 0.85);
      };
      img.onerror = () => { URL.revokeObjectURL(url); resolve(file); };
      img.src = url;
    });
  }

  function unsave(book, id) {
    return fetch("/api/v1/books/" + book + "/transactions/" + id, { method: "DELETE", credentials: "same-origin",
      headers: { "X-CSRF-Token": csrf } }).then((response) => {
      toast(response.ok ? "Removed." : "Not removed: open its day to delete it.");
    }, () => { toast("Not removed: you are offline."); });
  }
  function blank() {
    ["amount", "payee", "note", "tags", "receipts[]"].forEach((k) => { if (fields[k]) fields[k].value = ""; });
    split().reset();
    choose("");
    if (queued) history.replaceState(null, "", location.pathname);
    fields.amount.focus();
  }

  form.addEventListener("submit", (event) => {
    event.preventDefault();
    var data = {}, files = [], save = document.getElementById("save"), old = replacing;
    new FormData(form).forEach((v, k) => {
      if (k === "receipts[]") { if (v && v.size) files.push(v); } else if (!/^(_csrf|client_id|split|line_)/.test(k)) data[k] = v;
    });
    // Tags go to the API as a list; the server splits typed text on spaces and commas.
    data.tags = data.tags ? [data.tags] : [];
    // A split goes to the API as its lines; the category tiles do not count then.
    if (split().on() && data.kind !== "transfer") { data.lines = split().lines(); delete data.category; }
    var tile = form.querySelector("input[name=category]:checked:not([value=''])");
    var label = data.amount + " " + data.currency + (tile ? " · " + tile.parentNode.querySelector(".name").textContent : "") +
      (data.payee ? " · " + data.payee : "");
    var waiting = { sent: {}, refused: {}, stopped: true };
    save.disabled = true;
    error.hidden = true;
    Promise.all(files.map(scale)).then((photos) => {
      var entry = { id: Q.uuid(), created: old ? old.created : Date.now(), book: form.getAttribute("data-book"), user: user,
        fields: data, receipts: photos.concat(old ? old.receipts || [] : []), state: "waiting", label: label };
      function attempt(n) {
        return sync().then((r) => {
          return !(entry.id in r.sent) && !(entry.id in r.refused) && !r.stopped && n ? attempt(n - 1) : r;
        });
      }
      // Once stored here the record is safe: whatever sending does, it is never "not saved".
      return Q.put(entry).then(() => {
        return (navigator.onLine ? attempt(1) : Promise.resolve(waiting)).catch(() => waiting);
      }).then((r) => {
        save.disabled = false;
        if (entry.id in r.refused) {
          return Q.get(entry.id).then((e) => {
            // The record is on the server and only a photo was refused: it waits in the queue to be fixed.
            if (e && e.transaction) { blank(); toast("Saved, but not the photo: " + r.refused[entry.id]); return status(); }
            return Q.remove(entry.id).then(() => { fail(r.refused[entry.id]); });
          });
        }
        if (old) Q.remove(old.id);
        replacing = null;
        blank();
        if (entry.id in r.sent) toast("Saved: " + label, () => { unsave(entry.book, r.sent[entry.id]); });
        else {
          later();
          own().then((all) => {
            toast(saved(count(all)),
              () => {
                Q.discard(entry.id).then((e) => {
                  if (!e) toast("It is being sent: delete it from its day.");
                  else if (e.transaction) unsave(e.book, e.transaction);
                  status();
                });
              });
          });
        }
        return status();
      });
    }).catch((e) => { save.disabled = false; fail("Not saved: " + e); });
  });
})();

// Plan pages: confirmations, fields that depend on a cycle, the calendar feed link.
(() => {
  "use strict";
  // A form with data-confirm asks first; without this script it simply submits.
  document.addEventListener("submit", (event) => {
    var message = event.target.getAttribute && event.target.getAttribute("data-confirm");
    if (message && !window.confirm(message)) event.preventDefault();
  });

  // Budget and bill forms show only the fields their cycle uses (all of them without this script).
  Array.prototype.forEach.call(document.querySelectorAll("form.budget-form, form.bill-form"), (form) => {
    var cycle = form.querySelector("select[name=cycle]");
    if (!cycle) return;
    function sync() { form.setAttribute("data-cycle", cycle.value); }
    cycle.addEventListener("change", sync);
    sync();
  });

  var feed = document.querySelector("[data-select-all]");
  if (feed) feed.addEventListener("focus", () => { feed.select(); });
})();

// Goal forms: the slider's label shows the amount per period and the date the goal is reached
// as it moves; the target date shows the amount and share of income it needs. Money is whole
// minor units in BigInt, as on the server: never floating point.
(() => {
  "use strict";
  if (typeof BigInt !== "function") return;
  var MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
  var DAYS = { daily: 1, weekly: 7, biweekly: 14, fourweekly: 28 };
  var MONTH_STEPS = { monthly: 1, quarterly: 3, yearly: 12 };
  var PER = { daily: "a day", weekly: "a week", biweekly: "every 2 weeks", fourweekly: "every 4 weeks",
    monthly: "a month", quarterly: "a quarter", yearly: "a year" };

  // Text → minor units (BigInt), or null. The same separator rules as the server's parser.
  function parseMoney(raw, digits, symbol) {
    var text = (raw || "").trim();
    if (symbol && text.indexOf(symbol) === 0) text = text.slice(symbol.length).trim();
    text = text.replace(/[ ']/g, "");
    if (!/^\d[\d.,]*$/.test(text) || !/\d$/.test(text)) return null;
    var dot = text.lastIndexOf("."), comma = text.lastIndexOf(",");
    var dots = text.split(".").length - 1, commas = text.split(",").length - 1, decimal = -1;
    if (dot >= 0 && comma >= 0) decimal = Math.max(dot, comma);
    else if (dot >= 0) decimal = dots === 1 ? dot : -1;
    else if (comma >= 0) decimal = commas > 1 || (text.length - comma - 1 === 3 && digits !== 3) ? -1 : comma;
    var whole = (decimal >= 0 ? text.slice(0, decimal) : text).replace(/[.,]/g, "");
    var fraction = decimal >= 0 ? text.slice(decimal + 1) : "";
    if (!/^\d*$/.test(fraction) || fraction.length > digits) return null;
    while (fraction.length < digits) fraction += "0";
    return BigInt((whole || "0") + fraction);
  }

  // Minor units in the page's lang through Intl, with the server's decimals (data-shown-digits).
  function formatMoney(minor, digits, code, shownDigits) {
    var negative = minor < 0n, magnitude = (negative ? -minor : minor).toString();
    while (magnitude.length <= digits) magnitude = "0" + magnitude;
    var whole = digits > 0 ? magnitude.slice(0, -digits) : magnitude, fraction = digits > 0 ? magnitude.slice(-digits) : "";
    var shown = /^0*$/.test(fraction.slice(shownDigits)) ? shownDigits : digits;
    var text = (negative ? "-" : "") + whole + (fraction ? "." + fraction : "");
    try {
      return new Intl.NumberFormat(document.documentElement.lang, { style: "currency", currency: code,
        minimumFractionDigits: shown, maximumFractionDigits: shown }).format(text);
    } catch (e) { return text + " " + code; }
  }

  // Dates as {y, m, d}; day arithmetic through UTC milliseconds, which has no time zone shifts.
  function parseDate(text) {
    var match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text || "");
    return match ? { y: +match[1], m: +match[2], d: +match[3] } : null;
  }
  function dayNumber(date) { return Date.UTC(date.y, date.m - 1, date.d) / 86400000; }
  function fromDayNumber(n) { var t = new Date(n * 86400000); return { y: t.getUTCFullYear(), m: t.getUTCMonth() + 1, d: t.getUTCDate() }; }
  function daysIn(y, m) { return new Date(Date.UTC(y, m, 0)).getUTCDate(); }
  function addMonths(date, months) {
    var total = date.y * 12 + (date.m - 1) + months, y = Math.floor(total / 12), m = total - y * 12 + 1;
    return { y: y, m: m, d: Math.min(date.d, daysIn(y, m)) };
  }
  function step(date, count, cycle) {
    return DAYS[cycle] ? fromDayNumber(dayNumber(date) + DAYS[cycle] * count) : addMonths(date, MONTH_STEPS[cycle] * count);
  }
  // Whole income periods from `from` until `to`, as the server counts them.
  function periods(from, to, cycle) {
    if (dayNumber(from) >= dayNumber(to)) return 0;
    if (DAYS[cycle]) return Math.floor((dayNumber(to) - dayNumber(from)) / DAYS[cycle]);
    var months = (to.y - from.y) * 12 + to.m - from.m;
    if (dayNumber(addMonths(from, months)) > dayNumber(to)) months -= 1;
    return Math.floor(months / MONTH_STEPS[cycle]);
  }
  function showDate(date) { return date.d + " " + MONTHS[date.m - 1] + " " + date.y; }

  Array.prototype.forEach.call(document.querySelectorAll("form.goal-form"), (form) => {
    var digits = parseInt(form.getAttribute("data-digits"), 10) || 0;
    var symbol = form.getAttribute("data-symbol") || "";
    var code = form.getAttribute("data-currency"), shownDigits = +(form.getAttribute("data-shown-digits") || digits);
    var today = parseDate(form.getAttribute("data-today"));
    var percentLabel = form.querySelector("#percent-label"), targetLabel = form.querySelector("#target-label");
    function field(name) { return form.querySelector("[data-goal=" + name + "]"); }
    function money(name) { var input = field(name); return input ? parseMoney(input.value, digits, symbol) : null; }
    function show(minor) { return formatMoney(minor, digits, code, shownDigits); }
    if (!today || !percentLabel || !targetLabel) return;

    function update() {
      var chosen = form.querySelector("input[name=plan]:checked");
      var byDate = !!chosen && chosen.value === "date";
      form.classList.toggle("plan-by-date", byDate);
      form.classList.toggle("plan-by-percent", !byDate);
      var cycle = field("cycle").value, per = PER[cycle] || "";
      var price = money("price"), saved = money("saved") || 0n, income = money("income");
      var left = price === null ? null : (price > saved ? price - saved : 0n);
      var percent = parseInt(field("percent").value, 10) || 1;

      var text = percent + "% of income";
      if (income === null || income <= 0n) text += " · enter your income to see the amount and date";
      else {
        var amount = income * BigInt(percent) / 100n;
        text += " · " + show(amount) + " " + per;
        if (left === 0n) text += " · already reached";
        else if (left !== null && amount > 0n) {
          var count = (left + amount - 1n) / amount;
          text += count <= 12000n ? " · reached by " + showDate(step(today, Number(count), cycle)) : " · centuries away";
        }
      }
      percentLabel.textContent = text;

      var target = parseDate(field("target").value), need = "";
      if (target && left !== null) {
        if (dayNumber(target) <= dayNumber(today)) need = "Choose a date after today.";
        else {
          var n = BigInt(Math.max(1, periods(today, target, cycle)));
          var each = (left + n - 1n) / n;
          need = "Needs " + show(each) + " " + per;
          if (income !== null && income > 0n) need += " (" + ((each * 100n + income - 1n) / income).toString() + "% of income)";
          need += " for " + n.toString() + " period" + (n === 1n ? "" : "s") + ".";
        }
      }
      targetLabel.textContent = need;
    }
    form.addEventListener("input", update);
    form.addEventListener("change", update);
    update();
  });
})();

// A box that scrolls sideways (a wide table on a phone) takes the keyboard's focus while it
// overflows, so it can be scrolled without a pointer; a folded table is looked at when opened.
(() => {
  "use strict";
  function reachable() {
    document.querySelectorAll(".scroll").forEach((box) => {
      if (box.scrollWidth > box.clientWidth) box.tabIndex = 0;
      else box.removeAttribute("tabindex");
    });
  }
  reachable();
  addEventListener("resize", reachable);
  document.addEventListener("toggle", reachable, true);
})();
