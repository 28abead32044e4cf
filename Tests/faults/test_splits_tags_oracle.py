"""An independent oracle for split records and tags, on SQLite and PostgreSQL.

A seeded book is built through the JSON API of a real `tally serve`: expenses and incomes in USD
and EUR (converted at a rate set first), a third of them split into 2-4 lines, most of them tagged,
and a monthly budget on Food. Python keeps its own model of what it sent and recomputes, with
its own conversion (half to even) and its own largest-remainder sharing of converted splits:
every category's total and record count, every tag's, the tag filter's search totals and the
budget's spending. It compares them with Tally's reports, search and budget status, then edits
and deletes split records at random and compares again; `tally check` must find nothing.

It lives beside the kill -9 tests because it needs the same pieces: the real binary, both
stores and a server (see conftest.py).
"""
import json
import random
from collections import defaultdict
from decimal import ROUND_HALF_EVEN, Decimal

from conftest import Server, tally

EXPENSE = ["Food", "Food:Groceries", "Food:Coffee", "Household", "Household:Cleaning", "Travel:Hotels", "Auto:Fuel"]
INCOME = ["Salary", "Refunds", "Interest"]
TAGS = ["japan-2026", "reimbursable", "Work", "gift", "q1"]
RATE = Decimal("1.25")
DAYS = [f"2026-0{m}-{d:02d}" for m in (1, 2, 3) for d in (1, 9, 15, 28)]


def cents(text):
    return int(Decimal(text) * 100)


def text(minor):
    return f"{minor // 100}.{minor % 100:02d}"


def shares(total, weights):
    """Largest remainder, ties to the earlier line: written apart from Tally's Swift."""
    whole = sum(weights)
    exact = [(total * w // whole, total * w % whole, i) for i, w in enumerate(weights)]
    out = [q for q, _, _ in exact]
    for _, _, i in sorted(exact, key=lambda e: (-e[1], e[2]))[: total - sum(out)]:
        out[i] += 1
    return out


class Model:
    def __init__(self):
        self.records = {}

    def base(self, r):
        if r["currency"] == "USD":
            return r["amount"]
        return int((Decimal(r["amount"]) * RATE).quantize(Decimal(1), rounding=ROUND_HALF_EVEN))

    def lines(self, r):
        """(category, converted share) per line; one line for a record with one category."""
        base = self.base(r)
        if not r["lines"]:
            return [(r["category"], base)]
        return list(zip([c for c, _ in r["lines"]], shares(base, [a for _, a in r["lines"]])))

    def by_category(self, kind):
        totals, counts = defaultdict(int), defaultdict(set)
        for rid, r in self.records.items():
            if r["kind"] != kind:
                continue
            for category, amount in self.lines(r):
                totals[category] += amount
                counts[category].add(rid)
        return {c: (totals[c], len(counts[c])) for c in totals}

    def by_tag(self, kind):
        out = defaultdict(lambda: [0, 0])
        for r in self.records.values():
            if r["kind"] == kind:
                for tag in {t.lower(): t for t in r["tags"]}:
                    out[tag][0] += self.base(r)
                    out[tag][1] += 1
        return {t: tuple(v) for t, v in out.items()}

    def budget(self, month):
        return sum(amount for r in self.records.values() if r["kind"] == "expense" and r["date"].startswith(month)
                   for category, amount in self.lines(r) if category.split(":")[0] == "Food")


def body(r):
    out = {"kind": r["kind"], "amount": text(r["amount"]), "currency": r["currency"], "date": r["date"],
           "payee": r["payee"], "tags": r["tags"]}
    if r["lines"]:
        out["lines"] = [{"category": c, "amount": text(a)} for c, a in r["lines"]]
    else:
        out["category"] = r["category"]
    return out


def made(dice, kind):
    amount = dice.randint(3, 90_000)
    r = {"kind": kind, "amount": amount, "currency": "EUR" if dice.random() < 0.2 else "USD",
         "date": dice.choice(DAYS), "payee": dice.choice(["Costco", "Kiosk", "ACME", "Hotel"]),
         "tags": dice.sample(TAGS, dice.randint(0, 3)), "category": None, "lines": []}
    names = EXPENSE if kind == "expense" else INCOME
    if dice.random() < 0.35:
        n = dice.randint(2, min(4, amount))
        cuts = sorted(dice.sample(range(1, amount), n - 1))
        parts = [b - a for a, b in zip([0] + cuts, cuts + [amount])]
        r["lines"] = [(dice.choice(names), part) for part in parts]
    else:
        r["category"] = dice.choice(names)
    return r


def compare(server, conn, book, model, budget):
    def get(path):
        status, raw = server.request(conn, "GET", path)
        assert status == 200, (path, raw[:300])
        return json.loads(raw)

    for kind in ("expense", "income"):
        report = get(f"/books/{book}/reports/summary?from=2026-01-01&to=2026-03-31&by=subcategory&kind={kind}")
        got = {row["key"]: (cents(row["total"]), row["count"]) for row in report["rows"]}
        assert got == model.by_category(kind), kind
        report = get(f"/books/{book}/reports/summary?from=2026-01-01&to=2026-03-31&by=tag&kind={kind}")
        got = {row["key"].lower(): (cents(row["total"]), row["count"]) for row in report["rows"]}
        assert got == model.by_tag(kind), kind
    for tag in TAGS:
        page = get(f"/books/{book}/transactions?tag={tag}&limit=1")
        expected = model.by_tag("expense").get(tag.lower(), (0, 0))
        assert (cents(page["expenses"]), ) == (expected[0], ), tag
        assert page["count"] == sum(1 for r in model.records.values() if tag.lower() in {t.lower() for t in r["tags"]})
    for month in ("2026-01", "2026-02", "2026-03"):
        status = get(f"/books/{book}/budgets/{budget}/status?date={month}-20")
        assert cents(status["spent"]) == model.budget(month), month


def test_split_and_tag_totals_match_an_independent_oracle(binary, store, rng, tmp_path):
    store.reset()
    assert tally(["rate", "set", "EUR", "2025-12-01", str(RATE)], store).returncode == 0
    r = tally(["token", "create"], store)
    assert r.returncode == 0, r.stderr
    server = Server(store, r.stdout.strip().split()[-1], tmp_path / "serve.log")
    dice = random.Random(rng.randint(0, 2**32))
    try:
        book = server.wait_ready()
        conn = server.connection()
        status, raw = server.request(conn, "POST", f"/books/{book}/budgets",
                                     {"name": "Food", "limit": "5000", "cycle": "monthly", "categories": ["Food"],
                                      "start": "2026-01-01"})
        assert status == 201, raw
        budget = json.loads(raw)["id"]
        model = Model()
        for i in range(240):
            record = made(dice, "income" if i % 6 == 0 else "expense")
            status, raw = server.request(conn, "POST", f"/books/{book}/transactions", body(record))
            assert status == 201, raw
            model.records[json.loads(raw)["id"]] = record
        compare(server, conn, book, model, budget)
        splits = sum(1 for rec in model.records.values() if rec["lines"])
        assert splits > 50 and len(model.by_tag("expense")) == len(TAGS), "the book holds splits and every tag"

        # Random edits and deletes of split records: new lines, one category again, new tags.
        split = [rid for rid, rec in model.records.items() if rec["lines"]]
        for rid in dice.sample(split, len(split) // 2):
            old = model.records[rid]
            new = made(dice, old["kind"])
            choice = dice.random()
            if choice < 0.3:
                status, _ = server.request(conn, "DELETE", f"/books/{book}/transactions/{rid}")
                assert status == 204
                del model.records[rid]
                continue
            status, raw = server.request(conn, "PATCH", f"/books/{book}/transactions/{rid}",
                                         {**body(new), "lines": body(new).get("lines", [])})
            assert status == 200, raw
            model.records[rid] = new
        compare(server, conn, book, model, budget)
        conn.close()
    finally:
        server.stop()
    code, output = store.check()
    assert code == 0, output
