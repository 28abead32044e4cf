// Tally's small progressive enhancements. Every page works without this file.
(function () {
  "use strict";
  var form = document.querySelector("form.record-form");
  if (!form) return;

  // Show the fields that belong to the chosen kind (transfer: two accounts, no payee/category).
  function syncKind() {
    var checked = form.querySelector("input[name=kind]:checked");
    form.classList.toggle("is-transfer", !!checked && checked.value === "transfer");
  }
  form.addEventListener("change", function (event) {
    if (event.target.name === "kind") syncKind();
  });
  syncKind();

  // Autofill: a known payee proposes its last category, account and amount.
  var payee = form.querySelector("#payee");
  var book = form.getAttribute("data-book");
  if (!payee || !book) return;
  payee.addEventListener("change", function () {
    var name = payee.value.trim();
    if (!name) return;
    fetch("/api/v1/books/" + book + "/payees?q=" + encodeURIComponent(name), { credentials: "same-origin" })
      .then(function (response) { return response.ok ? response.json() : []; })
      .then(function (payees) {
        var match = payees.filter(function (p) { return p.name.toLowerCase() === name.toLowerCase(); })[0];
        if (!match) return;
        var category = form.querySelector("#category"), account = form.querySelector("#account"), amount = form.querySelector("#amount");
        if (match.category_id && category && !category.value) category.value = String(match.category_id);
        if (match.account_id && account && !account.value) account.value = String(match.account_id);
        if (match.amount && amount && !amount.value) amount.value = match.amount;
      })
      .catch(function () { /* autofill is a convenience; the form still works */ });
  });
})();

// Plan pages: confirmations, fields that depend on a cycle, the calendar feed link.
(function () {
  "use strict";
  // A form with data-confirm asks first; without this script it simply submits.
  document.addEventListener("submit", function (event) {
    var message = event.target.getAttribute && event.target.getAttribute("data-confirm");
    if (message && !window.confirm(message)) event.preventDefault();
  });

  // Budget and bill forms show only the fields their cycle uses (all of them without this script).
  Array.prototype.forEach.call(document.querySelectorAll("form.budget-form, form.bill-form"), function (form) {
    var cycle = form.querySelector("select[name=cycle]");
    if (!cycle) return;
    function sync() { form.setAttribute("data-cycle", cycle.value); }
    cycle.addEventListener("change", sync);
    sync();
  });

  var feed = document.querySelector("[data-select-all]");
  if (feed) feed.addEventListener("focus", function () { feed.select(); });
})();

// Goal forms: the slider's label shows the amount per period and the date the goal is reached
// as it moves; the target date shows the amount and share of income it needs. Money is whole
// minor units in BigInt, as on the server: never floating point.
(function () {
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

  function formatMoney(minor, digits, symbol) {
    var negative = minor < 0n, magnitude = (negative ? -minor : minor).toString();
    while (magnitude.length <= digits) magnitude = "0" + magnitude;
    var whole = digits > 0 ? magnitude.slice(0, -digits) : magnitude;
    var body = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ",") + (digits > 0 ? "." + magnitude.slice(-digits) : "");
    var withSymbol = Array.from(symbol).length === 3 ? symbol + " " + body : symbol + body;
    return (negative ? "-" : "") + withSymbol;
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

  Array.prototype.forEach.call(document.querySelectorAll("form.goal-form"), function (form) {
    var digits = parseInt(form.getAttribute("data-digits"), 10) || 0;
    var symbol = form.getAttribute("data-symbol") || "";
    var today = parseDate(form.getAttribute("data-today"));
    var percentLabel = form.querySelector("#percent-label"), targetLabel = form.querySelector("#target-label");
    function field(name) { return form.querySelector("[data-goal=" + name + "]"); }
    function money(name) { var input = field(name); return input ? parseMoney(input.value, digits, symbol) : null; }
    function show(minor) { return formatMoney(minor, digits, symbol); }
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
