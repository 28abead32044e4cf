"""Oracle test: Tally's Ledger and Beancount exports read back by hledger, Ledger and Beancount.

Builds a book with the CLI (`tally demo`: 2,000 records over two years, then a Tally CSV of
hostile names and text, records in euros, yen and pounds, exchange rates set before and after),
exports it with `tally export --format ledger|beancount`, and checks:

- `bean-check` accepts the Beancount file without a word;
- every account's total in every commodity, as `hledger bal`, `ledger bal` and `bean-query`
  compute them, equals Tally's own figure to the cent, and no other account has a total: each
  category's total in the book's currency from `tally report --format json` (records in other
  currencies counted at their converted amount), plus the records no rate converts in their own
  currency, and each account's total per currency summed from `tally list --format json`;
- at cost (`-B`), hledger and Ledger find every entry balanced: the `@@` prices are the
  converted amounts the categories carry;
- the dates of the expense and income postings are the records' days in all three tools (a
  `[date]` in a note must not move an entry), and Beancount's payees and narrations are Tally's
  payees and notes, line breaks kept; Ledger keeps a payee that starts with "(".

Each tool missing skips its test, except under CI=true, where that is a failure:
`apt-get install hledger ledger`, `pip install beancount beanquery pytest`, then
`TALLY_BIN=.build/debug/tally python3 -m pytest -q Tests/journal`.
"""

import csv
import io
import json
import re
import shutil
import subprocess
from collections import Counter, defaultdict
from decimal import Decimal

import pytest
from conftest import require

# Names that clean up alike ("food & drink", "Food-Drink"), a real category called like the
# stand-in for none ("Uncategorized"), a record with no category and one with no account, an
# income with no category, a transfer to a credit card, and payees and notes that Ledger would
# read as structure.
HOSTILE_CSV = '''date,amount,kind,payee,category,subcategory,account,currency,note,to_account
2024-03-01,40.00,expense,"(Ref) Café; ""q"" @ 5 | x",food & drink,,Checking,USD,"line one
key:: 1/0 [2024-01-01] :tag: #x",
2024-03-02,12.34,expense,Kiosk,Food-Drink,Snacks,Checking,USD,,
2024-03-03,7.00,expense,"* ! Star",Uncategorized,,Cash,USD,"\\ back\\slash ""quote""",
2024-03-04,3.00,expense,Nobody,,,Cash,USD,,
2024-03-04,4.25,expense,Nowhere,Food,Coffee,,USD,,
2024-03-05,5.55,income,Refund,,,Cash,USD,,
2024-03-06,250.00,transfer,,,,Checking,USD,,Visa Card
'''

ADDS = [
    ["expense", "12.50", "--currency", "EUR", "--payee", "Uber Paris", "--category", "Transport:Taxi",
     "--account", "Checking", "--date", "2024-03-07"],
    ["expense", "9.99", "--currency", "EUR", "--payee", "Boulangerie", "--category", "food & drink",
     "--account", "Checking", "--date", "2024-03-08", "--note", "pain\nau chocolat"],
    ["income", "100", "--currency", "EUR", "--payee", "Friend", "--category", "Income:Gifts",
     "--account", "Checking", "--date", "2024-03-09"],
    # No GBP rate: it stays in pounds on both sides, without a price.
    ["expense", "3.00", "--currency", "GBP", "--payee", "Tea", "--category", "Food:Coffee",
     "--account", "Cash", "--date", "2024-03-10"],
    # Converted by a rate set after it was recorded.
    ["expense", "1000", "--currency", "JPY", "--payee", "Ramen", "--category", "Food:Restaurants",
     "--account", "Visa Card", "--date", "2024-03-11"],
    # Split records: one posting per line; converted, the lines' shares add up to the record's.
    ["expense", "52.50", "--payee", "Costco", "--account", "Checking", "--date", "2024-03-12",
     "--split", "Food:Groceries=40", "--split", "Household=12.50"],
    ["expense", "0.03", "--currency", "EUR", "--payee", "Kiosk Paris", "--account", "Checking",
     "--date", "2024-03-13", "--split", "Food:Coffee=0.01", "--split", "Food:Coffee=0.01",
     "--split", "Household=0.01"],
]

# What the export must call the categories whose names clash, by (kind, Tally's path).
LEDGER_RENAMED = {("expense", "Uncategorized"): "Expenses:Uncategorized-2"}
BEANCOUNT_RENAMED = {
    ("expense", "food & drink"): "Expenses:Food-Drink",
    ("expense", "Food-Drink:Snacks"): "Expenses:Food-Drink-2:Snacks",
    ("expense", "Uncategorized"): "Expenses:Uncategorized-2",
}


def run(args, **kwargs):
    result = subprocess.run(args, capture_output=True, text=True, **kwargs)
    assert result.returncode == 0, f"{args[:4]} failed ({result.returncode}): {result.stderr}"
    return result.stdout


@pytest.fixture(scope="module")
def book(tally_bin, tmp_path_factory):
    folder = tmp_path_factory.mktemp("journal")
    data = ["--data", str(folder / "data")]

    def tally(*args, stdin=None):
        return run([tally_bin, *args, *data], input=stdin)

    tally("user", "create", "--email", "me@example.com", "--password-stdin", stdin="password123\n")
    tally("demo", "--records", "2000", "--start", "2023-01-01", "--years", "2", "--book", "Personal")
    (folder / "hostile.csv").write_text(HOSTILE_CSV, encoding="utf-8")
    tally("import", str(folder / "hostile.csv"))
    tally("rate", "set", "EUR", "2023-01-01", "1.0837")
    for add in ADDS:
        tally("add", *add)
    tally("rate", "set", "JPY", "2023-01-01", "0.0067")
    files = {}
    for format in ["ledger", "beancount"]:
        files[format] = str(folder / f"book.{format}")
        tally("export", "--format", format, "-o", files[format])
    report = json.loads(tally("report", "--by", "subcategory", "--kind", "both", "--from", "2000-01-01",
                              "--to", "2100-12-31", "--format", "json"))
    records = json.loads(tally("list", "--format", "json"))
    kinds = {}
    for line in tally("accounts").splitlines()[2:]:
        name, kind = re.split(r"\s{2,}", line.strip())[:2]
        kinds[name] = kind
    return {"files": files, "report": report, "records": records, "kinds": kinds}


def bean_component(name):
    """Beancount's account name part: words of letters and digits, capitalised, joined by '-'."""
    words = re.findall(r"[^\W_]+", name)
    return "-".join(word[0].upper() + word[1:] for word in words) or "Unnamed"


def category_name(format, kind, path, real):
    root = "Expenses" if kind == "expense" else "Income"
    if not real:
        return f"{root}:Uncategorized"
    renamed = (LEDGER_RENAMED if format == "ledger" else BEANCOUNT_RENAMED).get((kind, path))
    if renamed:
        return renamed
    parts = path.split(":") if format == "ledger" else [bean_component(part) for part in path.split(":")]
    return ":".join([root, *parts])


def account_name(format, book, name):
    if not name:
        return "Assets:Unassigned"
    root = "Liabilities" if book["kinds"][name] == "credit" else "Assets"
    return f"{root}:{name if format == 'ledger' else bean_component(name)}"


def tally_totals(book, format):
    """Tally's own figures under the names the export must give them: {(account, commodity): total}."""
    totals = defaultdict(Decimal)
    base = book["report"]["currency"]
    for row in book["report"]["rows"]:
        sign = 1 if row["kind"] == "expense" else -1
        name = category_name(format, row["kind"], row["key"], row["filter"] != "")
        totals[(name, base)] += sign * Decimal(row["total"])
    records = {r["id"]: r for r in book["records"]}
    for unconverted in book["report"]["unconverted"]:
        r = records[str(unconverted["transaction_id"])]
        sign = 1 if r["kind"] == "expense" else -1
        name = category_name(format, r["kind"], r["category"], r["category"] != "")
        totals[(name, r["currency"])] += sign * Decimal(r["amount"])
    for r in book["records"]:
        amount, currency = Decimal(r["amount"]), r["currency"]
        if r["kind"] == "transfer":
            totals[(account_name(format, book, r["to_account"]), currency)] += amount
        totals[(account_name(format, book, r["account"]), currency)] += amount if r["kind"] == "income" else -amount
    return {key: total for key, total in totals.items() if total != 0}


def ledger_amounts(text):
    """`ACCOUNT<TAB>AMOUNT` lines, a multi-commodity total going on over the lines after it."""
    totals, account = {}, None
    for line in text.splitlines():
        if "\t" in line:
            account, line = line.split("\t", 1)
        amount = line.strip()
        if amount and amount != "0":
            number, commodity = amount.rsplit(" ", 1)
            totals[(account, commodity)] = Decimal(number.replace(",", ""))
    return totals


def test_bean_check_accepts_the_file(book):
    require(shutil.which("bean-check"), "bean-check is not installed: pip install beancount")
    result = subprocess.run(["bean-check", book["files"]["beancount"]], capture_output=True, text=True)
    assert (result.returncode, result.stdout, result.stderr) == (0, "", "")


def test_hledger_totals_are_tallys(book):
    require(shutil.which("hledger"), "hledger is not installed: apt-get install hledger")
    out = run(["hledger", "-f", book["files"]["ledger"], "bal", "--flat", "--no-total", "-O", "csv",
               "--layout=bare"])
    rows = list(csv.reader(io.StringIO(out)))
    assert rows[0] == ["account", "commodity", "balance"]
    found = {(a, c): Decimal(b) for a, c, b in rows[1:] if Decimal(b) != 0}
    assert found == tally_totals(book, "ledger")


def test_ledger_totals_are_tallys(book):
    require(shutil.which("ledger"), "ledger is not installed: apt-get install ledger")
    out = run(["ledger", "-f", book["files"]["ledger"], "bal", "--flat", "--no-total",
               "--format", "%(account)\t%(scrub(display_total))\n"])
    assert ledger_amounts(out) == tally_totals(book, "ledger")


def test_beancount_totals_are_tallys(book):
    require(shutil.which("bean-query"), "bean-query is not installed: pip install beanquery")
    out = run(["bean-query", "-f", "csv", book["files"]["beancount"],
               "SELECT account, currency, sum(number) AS total GROUP BY account, currency"])
    rows = list(csv.reader(io.StringIO(out)))
    assert [cell.strip() for cell in rows[0]] == ["account", "currency", "total"]
    found = {(a.strip(), c.strip()): Decimal(t) for a, c, t in rows[1:] if Decimal(t) != 0}
    assert found == tally_totals(book, "beancount")


def test_every_entry_balances_at_cost(book):
    require(shutil.which("hledger"), "hledger is not installed: apt-get install hledger")
    require(shutil.which("ledger"), "ledger is not installed: apt-get install ledger")
    path = book["files"]["ledger"]
    out = run(["hledger", "-f", path, "bal", "-B", "-O", "csv", "--layout=bare"])
    totals = [row for row in csv.reader(io.StringIO(out)) if row[0] == "total"]
    assert totals and all(Decimal(row[2]) == 0 for row in totals), totals
    out = run(["ledger", "-f", path, "bal", "-B", "--format", "%(account)\t%(scrub(display_total))\n"])
    assert out.rstrip("\n").split("\n")[-1] == "\t0"
    # The converted records are priced: the yen record is worth its converted 6.70 USD.
    assert "-1000 JPY @@ 6.70 USD" in open(path, encoding="utf-8").read()


def postings(record):
    """How many category postings a record makes: one per line of a split, else one."""
    return max(1, len(record.get("lines", [])))


def tally_dates(book):
    dates = Counter()
    for r in book["records"]:
        if r["kind"] != "transfer":
            dates[r["date"]] += postings(r)
    return dates


def test_dates_stay_the_records_days(book):
    for tool, package in [("hledger", "apt-get install hledger"), ("ledger", "apt-get install ledger"),
                          ("bean-query", "pip install beanquery")]:
        require(shutil.which(tool), f"{tool} is not installed: {package}")
    ledger_file, beancount_file = book["files"]["ledger"], book["files"]["beancount"]
    out = run(["hledger", "-f", ledger_file, "reg", "^(Expenses|Income):", "-O", "csv"])
    assert Counter(row[1] for row in list(csv.reader(io.StringIO(out)))[1:]) == tally_dates(book)
    out = run(["ledger", "-f", ledger_file, "reg", "^Expenses:", "^Income:", "--date-format", "%Y-%m-%d",
               "--format", "%(date)\n"])
    assert Counter(out.split()) == tally_dates(book)
    out = run(["bean-query", "-f", "csv", beancount_file, "SELECT date WHERE account ~ '^(Expenses|Income):'"])
    assert Counter(row[0].strip() for row in list(csv.reader(io.StringIO(out)))[1:]) == tally_dates(book)


def one_line_each(text):
    return "\n".join(" ".join(line.split()) for line in re.split(r"\r\n|\r|\n", text))


def test_payees_and_notes_survive(book):
    require(shutil.which("bean-query"), "bean-query is not installed: pip install beanquery")
    require(shutil.which("ledger"), "ledger is not installed: apt-get install ledger")
    # One posting per entry is positive: the category's, the income's account or the transfer's goal.
    out = run(["bean-query", "-f", "csv", book["files"]["beancount"],
               "SELECT date, payee, narration WHERE number > 0"])
    found = Counter((row[0].strip(), row[1].strip(), row[2].strip())
                    for row in list(csv.reader(io.StringIO(out)))[1:])
    # An expense's positive postings are its category lines; an income's, its account.
    wanted = Counter()
    for r in book["records"]:
        wanted[(r["date"], one_line_each(r["payee"]), one_line_each(r["note"]))] += (
            postings(r) if r["kind"] == "expense" else 1)
    assert found == wanted
    # Ledger: a leading "(" is not taken for a code, and ";" (which ends an hledger description) is ",".
    payees = run(["ledger", "-f", book["files"]["ledger"], "reg", "--format", "%(payee)\n"]).splitlines()
    assert '(Ref) Café, "q" @ 5 | x' in payees
    assert "* ! Star" in payees
