// The split editor of the record form, loaded only with the form: rows of category, amount and
// note added and removed in place, and what is left to assign shown as you type. Amounts are
// read as whole minor units (BigInt), never as floating point. app.js asks it for the lines when
// the form is saved through the queue (window.TallySplit).
(() => {
  var form = document.querySelector("form.record-form"), lines = document.getElementById("split-lines");
  if (!form || !lines) return;
  var fields = form.elements, left = document.getElementById("split-left"), on = document.getElementById("split-on");
  function digits() {
    var c = (fields.currency.value || "").toUpperCase();
    if (/^(JPY|KRW|VND|CLP|ISK|HUF|XAF|XOF|UGX|PYG|RWF)$/.test(c)) return 0;
    return /^(BHD|KWD|OMR|JOD|TND|IQD|LYD)$/.test(c) ? 3 : 2;
  }
  function minor(text, d) {
    var m = /^\s*(\d{0,13})(?:[.,](\d*))?\s*$/.exec((text || "").replace(/[\s,](?=\d{3}(\D|$))/g, ""));
    if (!m || (!m[1] && !m[2]) || (m[2] || "").length > d) return null;
    return BigInt(m[1] || "0") * 10n ** BigInt(d) + BigInt(((m[2] || "") + "000").slice(0, d) || "0");
  }
  function decimal(units, d) {
    var neg = units < 0n, a = (neg ? -units : units).toString().padStart(d + 1, "0");
    return (neg ? "-" : "") + (d ? a.slice(0, -d) + "." + a.slice(-d) : a);
  }
  function rows() { return lines.querySelectorAll(".split-line"); }
  function remainder() {
    var d = digits(), total = minor(fields.amount.value, d), sum = 0n, bad = false;
    Array.prototype.forEach.call(lines.querySelectorAll("input[name='line_amount[]']"), (i) => {
      if (!i.value.trim()) return;
      var v = minor(i.value, d);
      if (v === null) bad = true; else sum += v;
    });
    if (total === null || bad) { left.textContent = ""; left.classList.remove("off"); return; }
    var rest = total - sum;
    left.textContent = rest === 0n ? "Lines add up" : rest > 0n ? decimal(rest, d) + " left to assign" : decimal(-rest, d) + " over the amount";
    left.classList.toggle("off", rest !== 0n);
  }
  function renumber() {
    Array.prototype.forEach.call(rows(), (li, n) => {
      var label = "Line " + (n + 1);
      li.querySelector("select").setAttribute("aria-label", label + " category");
      li.querySelector("input[name='line_amount[]']").setAttribute("aria-label", label + " amount");
      li.querySelector("input[name='line_note[]']").setAttribute("aria-label", label + " note");
      li.querySelector(".remove-line").setAttribute("aria-label", "Remove line " + (n + 1));
    });
  }
  function clear(row) {
    row.querySelector("select").value = "";
    Array.prototype.forEach.call(row.querySelectorAll("input"), (i) => { i.value = ""; });
  }
  function addLine() {
    var all = rows(), row = all[all.length - 1].cloneNode(true);
    clear(row);
    lines.appendChild(row);
    renumber();
    return row;
  }
  // A split line's category is of the record's kind.
  function kinds() {
    var k = (form.querySelector("input[name=kind]:checked") || {}).value || "expense";
    Array.prototype.forEach.call(lines.querySelectorAll("optgroup"), (g) => {
      g.disabled = g.getAttribute("data-kind") !== k;
      g.hidden = g.disabled;
    });
  }
  document.getElementById("add-line").addEventListener("click", () => { addLine().querySelector("select").focus(); });
  lines.addEventListener("click", (event) => {
    var b = event.target.closest(".remove-line");
    if (!b) return;
    var row = b.closest(".split-line");
    if (rows().length > 2) row.remove(); else clear(row);
    renumber();
    remainder();
  });
  form.addEventListener("input", (event) => {
    if (["amount", "line_amount[]", "currency"].indexOf(event.target.name) >= 0) remainder();
  });
  form.addEventListener("change", (event) => {
    if (event.target.name === "kind") kinds();
    if (event.target.name === "split") remainder();
  });
  kinds();
  remainder();
  window.TallySplit = {
    on: () => on.checked,
    lines: () => {
      var out = [];
      Array.prototype.forEach.call(rows(), (li) => {
        var c = li.querySelector("select").value, a = li.querySelector("input[name='line_amount[]']").value.trim();
        var n = li.querySelector("input[name='line_note[]']").value.trim();
        if (c || a || n) out.push({ category: c || null, amount: a, note: n });
      });
      return out;
    },
    fill: (given) => {
      if (!given.length) return;
      on.checked = true;
      while (rows().length < given.length) addLine();
      given.forEach((l, n) => {
        var li = rows()[n];
        li.querySelector("select").value = l.category || "";
        li.querySelector("input[name='line_amount[]']").value = l.amount || "";
        li.querySelector("input[name='line_note[]']").value = l.note || "";
      });
      remainder();
    },
    reset: () => {
      on.checked = false;
      while (rows().length > 3) lines.lastElementChild.remove();
      Array.prototype.forEach.call(rows(), clear);
      remainder();
    },
  };
})();
