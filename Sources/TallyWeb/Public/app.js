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
