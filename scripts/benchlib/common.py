"""Shared pieces of scripts/bench: the questions, money in whole cents, timed child
processes with their own peak RSS, the cached data files and the reference answers."""
import csv
import math
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from decimal import Decimal

# Payment accounts: CSV / Tally name -> ledger & beancount name (as `tally demo --out` writes them).
ACCOUNTS = {
    "Cash": "Assets:Cash",
    "Checking": "Assets:Checking",
    "Credit Card Visa": "Liabilities:CreditCard:Visa",
    "Credit Card Amex": "Liabilities:CreditCard:Amex",
    "Gift Card": "Assets:GiftCard",
}
Q1_FROM, Q1_TO = "2024-03-01", "2024-03-31"   # inclusive, as Tally takes them
Q2_FROM, Q2_TO = "2024-01-01", "2024-12-31"
PAYEE = "Starbucks"
PAGE = 50
QUESTIONS = {
    "Q1": "one month by category (2024-03, expenses)",
    "Q2": "twelve months x category (2024, expenses)",
    "Q3": "all-time balance per account",
    "Q4": "payee Starbucks: first page, count and total",
    "Q5": "import (Tally) / load and check the file (tools)",
}
Q4_TOOL_KEYS = ("count", "expenses")            # what the tools answer for Q4
Q4_TALLY_KEYS = ("count", "expenses", "net", "page")


class BenchError(Exception):
    """A step failed; the message says which and why."""


def cents(text):
    """'$-1,234.5', '1234.56 USD', ' -3 ' -> integer cents, exactly (Decimal, no floats)."""
    # Strict: an optional sign, a '$' or 'USD' marker, digits with ',' grouping and one '.'.
    m = re.fullmatch(r"\s*(-?)\s*\$?\s*(-?)([\d,]*\.?\d+)\s*(?:USD)?\s*", str(text))
    if not m or (m.group(1) and m.group(2)):
        raise ValueError("no amount in %r" % (text,))
    value = Decimal(("-" if m.group(1) or m.group(2) else "") + m.group(3).replace(",", "")) * 100
    if value != value.to_integral_value():
        raise ValueError("not a whole number of cents: %r" % (text,))
    return int(value)


def nonzero(d):
    return {k: v for k, v in d.items() if v != 0}


def compare(expected, got, keys=None):
    """True when `got` equals `expected` (on `keys` when given); None when there is no answer."""
    if got is None:
        return None
    if keys is not None:
        return all(got.get(k) == expected.get(k) for k in keys)
    return nonzero(got) == nonzero(expected)


def differences(expected, got, keys=None, limit=5):
    """A few 'key: expected != got' lines, for messages."""
    keys = keys or sorted(set(expected) | set(got))
    out = ["%s: expected %s, got %s" % (k, expected.get(k), got.get(k))
           for k in keys if expected.get(k) != got.get(k)]
    return out[:limit] + (["... %d more" % (len(out) - limit)] if len(out) > limit else [])


def reference_answers(csv_path):
    """Q1-Q4 computed straight from the CSV with Python integers."""
    q1, q2, q3 = {}, {}, {}
    count = spent = 0
    with open(csv_path, newline="") as f:
        for r in csv.DictReader(f):
            amount, date, account = cents(r["amount"]), r["date"], ACCOUNTS[r["account"]]
            if r["currency"] != "USD":
                raise BenchError("unexpected currency %r in %s" % (r["currency"], csv_path))
            if r["kind"] == "expense":
                q3[account] = q3.get(account, 0) - amount
                category = r["category"]
                if Q1_FROM <= date <= Q1_TO:
                    q1[category] = q1.get(category, 0) + amount
                if Q2_FROM <= date <= Q2_TO:
                    key = "%s %s" % (date[:7], category)
                    q2[key] = q2.get(key, 0) + amount
                if r["payee"] == PAYEE:
                    count, spent = count + 1, spent + amount
            elif r["kind"] == "income":
                q3[account] = q3.get(account, 0) + amount
            else:
                raise BenchError("unexpected kind %r in %s" % (r["kind"], csv_path))
    q4 = {"count": count, "expenses": spent, "net": -spent, "page": min(PAGE, count)}
    return {"Q1": nonzero(q1), "Q2": nonzero(q2), "Q3": nonzero(q3), "Q4": q4}


def dataset(n, workdir, generator):
    """Paths of txns_N.{csv,journal,beancount}, written once into `workdir` by `generator`'s
    `tally demo --out` (seed 42, 2015-01-01 for ten years) and reused."""
    base = os.path.join(workdir, "txns_%d" % n)
    paths = {ext: base + "." + ext for ext in ("csv", "journal", "beancount")}
    if all(os.path.exists(p) and os.path.getsize(p) > 0 for p in paths.values()):
        return paths
    if not os.path.exists(generator):
        raise BenchError("data generator not found: %s" % generator)
    os.makedirs(workdir, exist_ok=True)
    tmp = tempfile.mkdtemp(prefix="gen-%d-" % n, dir=workdir)  # no half-written files reused
    try:
        log("generating %s records with %s" % (fmt_int(n), generator))
        subprocess.run([generator, "demo", "--records", str(n), "--seed", "42", "--start", "2015-01-01",
                        "--years", "10", "--out", tmp], check=True, stdout=subprocess.DEVNULL)
        for ext, path in paths.items():
            os.replace(os.path.join(tmp, "txns_%d.%s" % (n, ext)), path)
    except subprocess.CalledProcessError as e:
        raise BenchError("data generator failed (exit %d)" % e.returncode)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return paths


class Run:
    """A finished child process: exit code, output, wall-clock seconds, peak RSS in MB."""

    def __init__(self, code, out, err, seconds, rss_mb):
        self.code, self.out, self.err, self.seconds, self.rss_mb = code, out, err, seconds, rss_mb

    def failure(self, what):
        tail = (self.err.strip() or self.out.strip()).splitlines()[-3:]
        return "%s failed (exit %d): %s" % (what, self.code, " | ".join(tail) or "no output")


def run_measured(argv, input_text=None, env=None, cwd=None):
    """Runs argv to completion; wall-clock time and the child's own peak RSS (wait4)."""
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        start = time.perf_counter()
        try:
            p = subprocess.Popen(argv, stdout=out, stderr=err, cwd=cwd, env=env,
                                 stdin=subprocess.PIPE if input_text is not None else subprocess.DEVNULL)
        except OSError as e:
            return Run(127, "", str(e), 0.0, 0.0)
        if input_text is not None:
            try:
                p.stdin.write(input_text.encode())
                p.stdin.close()
            except BrokenPipeError:
                pass
        _, status, usage = os.wait4(p.pid, 0)
        seconds = time.perf_counter() - start
        p.returncode = os.waitstatus_to_exitcode(status)
        out.seek(0)
        err.seek(0)
        return Run(p.returncode, out.read().decode("utf-8", "replace"),
                   err.read().decode("utf-8", "replace"), seconds, usage.ru_maxrss / 1024.0)


def median(values):
    return statistics.median(values) if values else None


def p95(values):
    """Nearest-rank 95th percentile."""
    if not values:
        return None
    ordered = sorted(values)
    return ordered[max(0, math.ceil(0.95 * len(ordered)) - 1)]


def fmt_ms(seconds):
    if seconds is None:
        return "n/a"
    ms = seconds * 1000.0
    if ms >= 1000:
        return "%.2f s" % seconds
    return ("%.2f ms" if ms < 10 else "%.1f ms") % ms


def fmt_int(n):
    return "{:,}".format(n)


def log(message):
    print("bench: " + message, file=sys.stderr, flush=True)


def find_section(text, heading):
    """(start, end) of the section under `heading` ('## …') up to the next '## ' heading, or None."""
    m = re.search(r"^%s\b.*$" % re.escape(heading), text, re.M)
    if not m:
        return None
    nxt = re.search(r"^## ", text[m.end():], re.M)
    return m.start(), (m.end() + nxt.start()) if nxt else len(text)


def read_section(path, heading):
    """The section under `heading` in the file at `path`, or None."""
    try:
        with open(path) as f:
            text = f.read()
    except OSError:
        return None
    span = find_section(text, heading)
    return text[span[0]:span[1]] if span else None


def replace_section(path, heading, body):
    """Puts `body` in place of the section under `heading`, or at the file's end; the rest stays."""
    try:
        with open(path) as f:
            text = f.read()
    except FileNotFoundError:
        text = ""
    body = body.rstrip("\n") + "\n"
    span = find_section(text, heading)
    if span:
        rest = text[span[1]:]
        text = text[:span[0]] + body + ("\n" + rest if rest else "")
    else:
        text = (text.rstrip("\n") + "\n\n" if text.strip() else "") + body
    tmp = path + ".tmp"
    with open(tmp, "w") as f:
        f.write(text)
    os.replace(tmp, path)
