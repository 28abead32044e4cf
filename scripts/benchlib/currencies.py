"""`scripts/bench --currencies`: the month summary of a book whose records are in three
currencies against the same book in one, and what a change of rate costs.

The data is `tally demo --out`'s (all USD). The three-currency copy gives every record after the header,
in turn, USD, EUR and GBP (the amounts as written: what is measured is the conversion's cost, not
realistic prices), and the book gets a EUR and a GBP rate for the first day of every month of the
data's years, imported with `tally rate import` before the records, so the import converts each
record as it goes. Both stores are built by the same binary's own CLI; then `tally serve` answers
the month summary (the query benchmark's Q1) `--currency-requests` times one after another, after
warm-ups, and the median and 95th percentile are kept. Last, one EUR rate in the middle of the
data is set over the API and timed: it re-converts that month's euro records.
"""
import bisect
import csv
import decimal
import json
import os
import re
import shutil
import statistics
import time

from .common import Q1_FROM, Q1_TO, BenchError, cents, fmt_int, log
from .load import Server, _get, prepare_store
from .tallyrun import paths as query_paths

SECTION = "## Several currencies"
CURRENCIES = ("USD", "EUR", "GBP")
RATES = {"EUR": ("1.0856", "1.09125", "1.1032", "1.0749"), "GBP": ("1.2641", "1.27", "1.2538", "1.2815")}


def three_currency_copy(csv_path, out_path):
    """The CSV with currencies in turn; (records, first year, last year)."""
    years = set()
    with open(csv_path, newline="") as src, open(out_path, "w", newline="") as dst:
        reader = csv.reader(src)
        writer = csv.writer(dst, lineterminator="\n")
        header = next(reader)
        writer.writerow(header)
        col = header.index("currency")
        n = 0
        for row in reader:
            row[col] = CURRENCIES[n % 3]
            years.add(row[0][:4])
            writer.writerow(row)
            n += 1
    return n, min(years), max(years)


def rates_file(path, first_year, last_year):
    """A EUR and a GBP rate on the first of every month: date,currency,rate."""
    count = 0
    with open(path, "w") as f:
        f.write("date,currency,rate\n")
        for year in range(int(first_year), int(last_year) + 1):
            for month in range(1, 13):
                for code, values in RATES.items():
                    f.write("%04d-%02d-01,%s,%s\n" % (year, month, code, values[(year + month) % len(values)]))
                    count += 1
    return count


def expected_q1(csv_path, rates_path):
    """Q1 (expenses by category in Q1's range) in USD cents, each record converted on its own with
    Python's Decimal at the latest rate on or before its day and rounded half to even: an oracle
    apart from Tally's integers."""
    rates = {}
    if rates_path:
        with open(rates_path, newline="") as f:
            for r in csv.DictReader(f):
                rates.setdefault(r["currency"], []).append((r["date"], decimal.Decimal(r["rate"])))
        for v in rates.values():
            v.sort()
    out = {}
    with open(csv_path, newline="") as f:
        for r in csv.DictReader(f):
            if r["kind"] != "expense" or not (Q1_FROM <= r["date"] <= Q1_TO):
                continue
            amount = cents(r["amount"])
            if r["currency"] != "USD":
                table = rates[r["currency"]]
                i = bisect.bisect_right([d for d, _ in table], r["date"]) - 1
                if i < 0:
                    raise BenchError("no %s rate on or before %s" % (r["currency"], r["date"]))
                amount = int((decimal.Decimal(amount) * table[i][1]).quantize(decimal.Decimal(1),
                                                                             rounding=decimal.ROUND_HALF_EVEN))
            out[r["category"]] = out.get(r["category"], 0) + amount
    return out


def build_store(binary, workdir, name, csv_path, rates_path):
    data = os.path.join(workdir, name)
    shutil.rmtree(data, ignore_errors=True)
    os.makedirs(data)
    store = ["--data", data]
    token, seconds = prepare_store(binary, store, csv_path, rates_path)
    return store, token, seconds


def measure(binary, store, token, workdir, name, requests, warmups, rate_change):
    server = Server(binary, store, os.path.join(workdir, name + ".log"))
    try:
        server.wait_ready()
        status, data = _get(server.port, "/api/v1/books", token)
        if status != 200:
            raise BenchError("GET /api/v1/books answered %d" % status)
        books = json.loads(data)
        book = (books if isinstance(books, list) else books["items"])[0]["id"]
        path = query_paths(book)["Q1"]
        status, data = _get(server.port, path, token)
        if status != 200:
            raise BenchError("the month summary answered %d: %s" % (status, data[:200]))
        answer = json.loads(data)
        for _ in range(warmups):
            _get(server.port, path, token)
        times = []
        for _ in range(requests):
            start = time.perf_counter()
            status, _ = _get(server.port, path, token)
            times.append(time.perf_counter() - start)
            if status != 200:
                raise BenchError("the month summary answered %d" % status)
        times.sort()
        result = {"median": statistics.median(times), "p95": times[int(len(times) * 0.95) - 1],
                  "total": answer["total"], "rows": len(answer["rows"]), "unconverted": answer["unconverted_count"],
                  "rows_json": answer["rows"]}
        if rate_change:
            body = json.dumps({"date": "2022-06-15", "currency": "EUR", "rate": "1.2345"})
            start = time.perf_counter()
            status, data = _get(server.port, "/api/v1/books/%s/rates" % book, token, "POST", body, timeout=600)
            result["rate_seconds"] = time.perf_counter() - start
            if status != 201:
                raise BenchError("setting a rate answered %d: %s" % (status, data[:200]))
            result["reconverted"] = json.loads(data)["reconverted"]
        return result
    finally:
        server.stop()


def run(opts):
    workdir, binary, csv_path = opts["workdir"], opts["binary"], opts["csv"]
    multi_csv = os.path.join(workdir, "txns_3cur_%s.csv" % opts["size"])
    records, first, last = three_currency_copy(csv_path, multi_csv)
    rates_path = os.path.join(workdir, "rates_3cur.csv")
    nrates = rates_file(rates_path, first, last)
    results = {}
    for name, path, rates in (("one", csv_path, None), ("three", multi_csv, rates_path)):
        log("currencies: building the %s-currency store (%s records)" % (name, fmt_int(records)))
        store, token, seconds = build_store(binary, workdir, "tally-cur-%s-%s" % (name, opts["size"]), path, rates)
        log("currencies: measuring the %s-currency month summary" % name)
        results[name] = measure(binary, store, token, workdir, "cur-%s" % name, opts["requests"], opts["warmups"],
                                rate_change=rates is not None)
        results[name]["import_seconds"] = seconds
        expected = expected_q1(path, rates)
        got = {row["key"]: cents(row["total"]) for row in results[name]["rows_json"]}
        if got != expected:
            raise BenchError("the %s-currency month summary disagrees with the Decimal oracle: %r != %r"
                             % (name, got, expected))
        log("currencies: all %d rows of the %s-currency summary equal the Decimal oracle" % (len(got), name))
    results["records"], results["rates"] = records, nrates
    return results


def section(results, opts):
    one, three = results["one"], results["three"]
    ratio = three["median"] / one["median"] if one["median"] else float("nan")
    ms = lambda s: "%.2f ms" % (s * 1000)  # noqa: E731
    lines = [
        SECTION, "",
        "`scripts/bench --currencies` (%s). The month summary (Q1: March 2024 by category, expenses) of a "
        "book of %s records in one currency (USD), and of the same records given USD, EUR and GBP in turn with "
        "a EUR and a GBP rate on the first of every month (%s rates, imported before the records). SQLite, one "
        "request at a time after %d warm-ups, %d requests each." % (
            opts["label"], fmt_int(results["records"]), fmt_int(results["rates"]), opts["warmups"], opts["requests"]),
        "",
        "| book | median | 95th percentile | rows | total (USD) | unconverted | import |",
        "|---|---|---|---|---|---|---|",
        "| one currency | %s | %s | %d | %s | %d | %.1f s |" % (
            ms(one["median"]), ms(one["p95"]), one["rows"], one["total"], one["unconverted"], one["import_seconds"]),
        "| three currencies | %s | %s | %d | %s | %d | %.1f s |" % (
            ms(three["median"]), ms(three["p95"]), three["rows"], three["total"], three["unconverted"],
            three["import_seconds"]),
        "",
        "Each row of both answers equals, to the cent, a Python `Decimal` computation from the CSV that converts "
        "record by record at the latest rate on or before its day and rounds half to even.",
        "",
        "Three currencies take **%.2f×** the time of one (the bound is 2×): the kept totals hold a cell per "
        "currency, so the month reads about three times the cells, each with its converted sum beside it." % ratio,
        "",
        "A new EUR rate on 2022-06-15 (between two monthly rates) re-converted **%s** records in **%.2f s**: the "
        "euro records from that day to the next rate, and nothing else." % (
            fmt_int(three["reconverted"]), three["rate_seconds"]),
        "",
    ]
    return "\n".join(lines)


def replace_section(path, body):
    """Puts `body` in place of the file's '## Several currencies' section, or at its end."""
    try:
        with open(path) as f:
            text = f.read()
    except FileNotFoundError:
        text = ""
    m = re.search(r"^%s\b.*$" % re.escape(SECTION), text, re.M)
    if m:
        nxt = re.search(r"^## ", text[m.end():], re.M)
        end = m.end() + nxt.start() if nxt else len(text)
        rest = text[end:]
        text = text[:m.start()] + body.rstrip("\n") + "\n" + ("\n" + rest if rest else "")
    else:
        text = text.rstrip("\n") + "\n\n" + body.rstrip("\n") + "\n"
    with open(path + ".tmp", "w") as f:
        f.write(text)
    os.replace(path + ".tmp", path)
