"""The whole-surface test's fixture book.

A real-shaped book: at least 3,000 records from `tally demo --out` (with sub-categories)
imported through the API, then hostile text (surface_hostile.py) in every text field a user can
fill (payees, notes, category and sub-category names, account names, budget, goal and bill names),
budgets of every cycle in both modes, goals, bills (one paid), a receipt, a goal photo, a
calendar feed, and a second user with a book of their own.
"""
import datetime
import itertools
import json
import os
import subprocess
import urllib.error
import urllib.request
from pathlib import Path

from surface_hostile import (ACCOUNT, ACCOUNT_LONG, CATEGORY, EMOJI, FORMULA, INCOME_CATEGORY, LONG_NOTE, MAX_AMOUNT,
                             MUSTACHE, PAYEES, QUOTES, SCRIPT, SUB_LONG, SUB_MUSTACHE, SUB_RTL, name60, unbroken)

REPO = Path(__file__).resolve().parents[2]
RECORDS = 3000
SECOND_EMAIL = "grace@example.com"
SECOND_PASSWORD = "another horse battery"
CYCLES = ["daily", "weekly", "biweekly", "fourweekly", "monthly", "quarterly", "yearly"]


# --------------------------------------------------------------------------- HTTP


class API:
    """JSON API calls with a bearer token; every unexpected status is an AssertionError naming it."""

    def __init__(self, base_url, token=None):
        self.base_url = base_url
        self.token = token

    def call(self, method, path, body=None, *, raw=None, content_type="application/json", expect=(200, 201, 204)):
        data = raw if raw is not None else (json.dumps(body).encode() if body is not None else None)
        request = urllib.request.Request(self.base_url + path, data=data, method=method)
        if data is not None:
            request.add_header("Content-Type", content_type)
        request.add_header("Accept", "application/json")
        if self.token:
            request.add_header("Authorization", "Bearer " + self.token)
        try:
            with urllib.request.urlopen(request, timeout=120) as response:
                status, payload = response.status, response.read()
        except urllib.error.HTTPError as error:
            status, payload = error.code, error.read()
        text = payload.decode("utf-8", "replace")
        if expect and status not in expect:
            raise AssertionError(f"{method} {path} answered {status}: {text[:400]}")
        try:
            return status, json.loads(text) if text else None
        except ValueError:
            return status, text

    def get(self, path, **kw):
        """GET path; the decoded answer."""
        return self.call("GET", path, **kw)[1]

    def post(self, path, body=None, **kw):
        """POST body as JSON; the decoded answer."""
        return self.call("POST", path, body, **kw)[1]


def login_token(base_url, email, password):
    """A fresh API token for the user (POST /api/v1/tokens)."""
    _, answer = API(base_url).call("POST", "/api/v1/tokens", {"email": email, "password": password, "name": "surface"})
    return answer["token"]


# --------------------------------------------------------------------------- the book


def generated_csv(tmp_path, today, tally_bin):
    """`tally demo`'s CSV: RECORDS records over the year that ends with this month."""
    first = datetime.date(today.year - 1, today.month, 1)
    start = (first + datetime.timedelta(days=32)).replace(day=1)  # a year ending with this month
    out = tmp_path / "gen"
    subprocess.run([tally_bin, "demo", "--records", str(RECORDS), "--seed", "10", "--out", str(out),
                    "--start", start.isoformat(), "--years", "1"], check=True, capture_output=True, timeout=120)
    return out / f"txns_{RECORDS}.csv", start


class Book:
    """What the fixture made: ids by kind, for filling route parameters and for the checks."""

    def __init__(self):
        self.book = None
        self.today = None
        self.first_day = None
        self.ids = {}            # kind → [ids]; kinds: transactions, categories, accounts, budgets, goals, bills, receipts
        self.occurrences = {}    # bill id → [due dates] (an unpaid one first, a paid one when there is one)
        self.contributions = {}  # goal id → [contribution ids]
        self.days = []           # dates with records, hostile ones first
        self.expected = {}       # route pattern → hostile strings that page must show literally
        self.second_book = None
        self.records = {}        # the hostile records by id, as the API answered them
        self.photo_goals = []    # goals with a photo
        self.varying_bills = []  # bills without a set amount
        self.invitation_tokens = []  # pending invitation links' tokens
        self.names = {}


def build_book(base_url, book_id, today, tmp_path, tally_bin, data_dir, email, password, png):
    """Imports the generated records and adds the hostile data; returns a Book."""
    fixture = Book()
    fixture.book, fixture.today = book_id, today
    api = API(base_url, login_token(base_url, email, password))
    b = f"/api/v1/books/{book_id}"

    csv_path, fixture.first_day = generated_csv(tmp_path, today, tally_bin)
    _, imported = api.call("POST", f"{b}/imports", raw=csv_path.read_bytes(), content_type="text/csv", expect=(201,))
    assert imported["imported"] == RECORDS, imported
    with open(csv_path) as f:
        assert sum(1 for _ in f) - 1 == RECORDS

    # Categories: a hostile parent with three hostile sub-categories, and a hostile income one.
    parent = api.post(f"{b}/categories", {"name": CATEGORY, "kind": "expense", "icon": "🧪"})
    subs = [api.post(f"{b}/categories", {"name": name, "parent": parent["id"]}) for name in (SUB_MUSTACHE, SUB_RTL, SUB_LONG)]
    income = api.post(f"{b}/categories", {"name": INCOME_CATEGORY, "kind": "income"})
    fixture.ids["categories"] = [parent["id"], subs[0]["id"], subs[2]["id"], income["id"]]

    # Accounts: a hostile one and a long unbroken name.
    account = api.post(f"{b}/accounts", {"name": ACCOUNT, "opening_balance": "1234.56"})
    long_account = api.post(f"{b}/accounts", {"name": ACCOUNT_LONG})
    fixture.ids["accounts"] = [account["id"], long_account["id"]]

    # Records with hostile payees and notes, this month (dashboard, latest, day pages) and today.
    records = []
    for index, payee in enumerate(PAYEES):
        day = today - datetime.timedelta(days=index % 3)
        sub = subs[index % len(subs)]
        record = api.post(f"{b}/transactions", {
            "kind": "expense", "amount": f"{(index + 1) * 7}.{index:02d}", "date": day.isoformat(), "payee": payee,
            "category": sub["id"], "account": (account if index % 2 == 0 else long_account)["id"],
            "note": LONG_NOTE if index % 2 == 0 else SCRIPT, "time": "08:15"})
        records.append(record)
    records.append(api.post(f"{b}/transactions", {
        "kind": "income", "amount": "2500.00", "date": today.isoformat(), "payee": QUOTES, "category": income["id"],
        "account": account["id"], "note": MUSTACHE}))
    records.append(api.post(f"{b}/transactions", {
        "kind": "transfer", "amount": "100.00", "date": today.isoformat(), "account": account["id"],
        "to_account": long_account["id"], "note": FORMULA}))
    # The largest amount a record may have, so figures are as wide as they get.
    records.append(api.post(f"{b}/transactions", {
        "kind": "expense", "amount": MAX_AMOUNT, "date": (today - datetime.timedelta(days=1)).isoformat(),
        "payee": EMOJI, "category": subs[2]["id"], "account": long_account["id"]}))
    _, receipt = api.call("POST", f"{b}/transactions/{records[0]['id']}/receipts", raw=png, content_type="image/png",
                          expect=(201,))
    fixture.ids["receipts"] = [receipt["id"]]
    imported_one = api.get(f"{b}/transactions?limit=1&order=oldest")["transactions"][0]
    fixture.ids["transactions"] = [records[0]["id"], records[1]["id"], records[-3]["id"], records[-2]["id"], imported_one["id"]]
    fixture.days = sorted({datetime.date.fromisoformat(r["date"]) for r in records}, reverse=True) \
        + [datetime.date.fromisoformat(imported_one["date"])]

    # Budgets: every cycle, saver and spender, some scoped to the hostile category or account.
    start = (today - datetime.timedelta(days=120)).isoformat()
    budgets = []
    for index, (cycle, mode) in enumerate(itertools.product(CYCLES, ["saver", "spender"])):
        body = {"name": name60(f"{cycle} {mode}", index), "limit": "500.00", "cycle": cycle, "mode": mode, "start": start}
        if index % 3 == 1:
            body["categories"] = [parent["id"]]
        if index % 4 == 2:
            body["accounts"] = [account["id"]]
        if cycle == "weekly" and mode == "spender":
            body["week_start"] = "sunday"
        if cycle in ("monthly", "quarterly", "yearly") and mode == "spender":
            body["day_of_month"] = 31
        budgets.append(api.post(f"{b}/budgets", body))
    fixture.ids["budgets"] = [budget["id"] for budget in budgets]
    fixture.names["budgets"] = [budget["name"] for budget in budgets]

    # Goals: a percent plan with a photo and contributions, a target-date plan, and one reached.
    goals = [
        api.post(f"{b}/goals", {"name": name60("Bike", 0), "price": "1000.00", "saved": "100.00", "income": "2000.00",
                                 "cycle": "monthly", "percent": 10, "account": long_account["id"]}),
        api.post(f"{b}/goals", {"name": SUB_RTL, "price": "1200.00", "income": "500.00", "cycle": "biweekly",
                                 "target_date": (today + datetime.timedelta(days=400)).isoformat()}),
        api.post(f"{b}/goals", {"name": unbroken(60), "price": "50.00", "saved": "50.00", "income": "100.00"}),
    ]
    api.call("PUT", f"{b}/goals/{goals[0]['id']}/photo", raw=png, content_type="image/png", expect=(204,))
    contribution = api.post(f"{b}/goals/{goals[0]['id']}/contributions",
                            {"amount": "25.00", "note": LONG_NOTE, "from_account": account["id"]})
    fixture.ids["goals"] = [goal["id"] for goal in goals]
    fixture.photo_goals = [goals[0]["id"]]
    fixture.names["goals"] = [goal["name"] for goal in goals]
    fixture.contributions = {goals[0]["id"]: [contribution["id"]]}

    # Bills on every cycle with hostile titles and notes; one occurrence paid.
    bills = [
        api.post(f"{b}/bills", {"title": name60("Phone", 1), "amount": "45.00", "cycle": "monthly", "due_day": 31,
                                 "first_due": (today - datetime.timedelta(days=60)).isoformat(), "note": LONG_NOTE,
                                 "url": "example.com/pay?a=1&b=%3Cscript%3E", "account": account["id"], "category": subs[0]["id"]}),
        api.post(f"{b}/bills", {"title": name60("Water", 2), "cycle": "every_n_months", "every_months": 2,
                                 "first_due": today.isoformat(), "note": SCRIPT}),
        api.post(f"{b}/bills", {"title": unbroken(60), "amount": MAX_AMOUNT, "cycle": "weekly",
                                 "first_due": (today - datetime.timedelta(days=3)).isoformat()}),
        api.post(f"{b}/bills", {"title": SUB_RTL, "amount": "120.00", "cycle": "yearly",
                                 "first_due": (today + datetime.timedelta(days=5)).isoformat(), "remind_days": 10}),
    ]
    fixture.ids["bills"] = [bill["id"] for bill in bills]
    fixture.varying_bills = [bill["id"] for bill in bills if "amount" not in bill]
    fixture.names["bills"] = [bill["title"] for bill in bills]
    window = f"from={(today - datetime.timedelta(days=90)).isoformat()}&to={(today + datetime.timedelta(days=400)).isoformat()}"
    for bill in bills:
        dues = [o["due_date"] for o in api.get(f"{b}/bills/{bill['id']}/occurrences?{window}")]
        assert dues, f"bill {bill['id']} has no occurrences in {window}"
        fixture.occurrences[bill["id"]] = dues[:1]
    paid_bill = bills[0]["id"]
    paid_due = fixture.occurrences[paid_bill][0]
    api.post(f"{b}/bills/{paid_bill}/occurrences/{paid_due}/pay", {"amount": "45.00"})
    unpaid = [o["due_date"] for o in api.get(f"{b}/bills/{paid_bill}/occurrences?{window}") if o["status"] != "paid"]
    fixture.occurrences[paid_bill] = unpaid[:1] + [paid_due]

    api.get("/api/v1/calendar-feed")  # Settings then shows an existing feed

    # A pending invitation (its page), and a second book with a hostile name (the switcher).
    fixture.invitation_tokens = [api.post(f"{b}/invitations", {"role": "viewer"})["token"]]
    api.call("PUT", "/api/v1/profile/photo", raw=png, content_type="image/png")  # the header's avatar
    api.call("PATCH", "/api/v1/profile", {"name": SCRIPT})  # a hostile display name in the menu
    api.post("/api/v1/books", {"name": SCRIPT, "currency": "EUR"})
    fixture.expected["/books"] = [SCRIPT]

    # A second user with hostile text in a book of their own.
    run = subprocess.run([tally_bin, "user", "create", "--email", SECOND_EMAIL, "--password-stdin", "--data", str(data_dir)],
                         input=SECOND_PASSWORD + "\n", capture_output=True, text=True, timeout=60)
    assert run.returncode == 0, f"tally user create failed: {run.stderr}"
    other = API(base_url, login_token(base_url, SECOND_EMAIL, SECOND_PASSWORD))
    fixture.second_book = other.get("/api/v1/books")[0]["id"]
    other.post(f"/api/v1/books/{fixture.second_book}/transactions",
               {"amount": "12.00", "payee": SCRIPT, "note": LONG_NOTE, "category": "Food"})

    fixture.expected = {
        "/books/:book/categories": [CATEGORY, SUB_MUSTACHE, SUB_RTL, SUB_LONG, INCOME_CATEGORY],
        "/books/:book/accounts": [ACCOUNT, ACCOUNT_LONG],
        "/books/:book/budgets": fixture.names["budgets"],
        "/books/:book/goals": fixture.names["goals"],
        "/books/:book/bills": fixture.names["bills"],
        "/books/:book/transactions/:id/edit": [],  # the record's own payee, checked per record below
    }
    # Bank imports (one committed, the same file again waiting for review) and rules, with hostile
    # payees and texts: the import review, history and rule pages.
    ofx = statement_ofx(today)
    _, committed = api.call("POST", f"{b}/imports", raw=ofx, content_type="application/x-ofx", expect=(201,))
    api.post(f"{b}/imports/{committed['id']}/commit", {})
    _, staged = api.call("POST", f"{b}/imports", raw=ofx, content_type="application/x-ofx", expect=(201,))
    fixture.ids["imports"] = [committed["id"], staged["id"]]
    rules = [
        api.post(f"{b}/rules", {"payee_contains": SCRIPT, "set_category": parent["id"], "set_note": MUSTACHE}),
        api.post(f"{b}/rules", {"payee_starts": QUOTES, "amount_max": "99.99", "set_account": long_account["id"]}),
    ]
    fixture.ids["rules"] = [rule["id"] for rule in rules]
    fixture.expected["/books/:book/rules"] = [SCRIPT, QUOTES]
    fixture.records = {r["id"]: r for r in records}
    return fixture


def statement_ofx(today):
    """An OFX statement of one account whose payees and memos are hostile (entity-escaped, as
    OFX writes them)."""
    def escaped(text):
        return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    day = today.strftime("%Y%m%d")
    rows = "".join(
        f"<STMTTRN><TRNTYPE>POS<DTPOSTED>{day}<TRNAMT>-{index + 1}.25<FITID>S{index}"
        f"<NAME>{escaped(payee[:60])}<MEMO>{escaped(SCRIPT)}</STMTTRN>\n"
        for index, payee in enumerate([SCRIPT, QUOTES, MUSTACHE]))
    return (
        "OFXHEADER:100\nDATA:OFXSGML\nVERSION:102\n\n<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>USD\n"
        "<BANKACCTFROM><BANKID>1<ACCTID>000987654321<ACCTTYPE>CHECKING</BANKACCTFROM><BANKTRANLIST>\n"
        + rows + "</BANKTRANLIST><LEDGERBAL><BALAMT>100.00<DTASOF>" + day
        + "</LEDGERBAL></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>\n").encode()
