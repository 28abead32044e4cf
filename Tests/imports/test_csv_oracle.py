"""Oracle test for the bank-CSV reader: `tally statement FILE --format csv --mapping M --currency USD`
must read every fixture in Tests/TallyFilesTests/Fixtures/csv the way an independent reader does,
written here with Python's own csv module, decimal.Decimal and datetime.strptime.

Run with TALLY_BIN pointing at the built `tally` executable. Without it the test is skipped, except
when CI=true, where a missing binary is a failure.
"""

import csv
import io
import json
import os
import re
import subprocess
import tempfile
from datetime import datetime
from decimal import Decimal
from pathlib import Path

import pytest

FIXTURES = Path(__file__).resolve().parent.parent / "TallyFilesTests" / "Fixtures" / "csv"
NAMES = sorted(p.name[: -len(".mapping.json")] for p in FIXTURES.glob("*.mapping.json"))
CANDIDATES = [
    "YYYY-MM-DD", "DD.MM.YYYY", "DD/MM/YYYY", "MM/DD/YYYY", "DD-MM-YYYY", "MM-DD-YYYY", "YYYY/MM/DD",
    "YYYY.MM.DD", "YYYYMMDD", "DD.MM.YY", "DD/MM/YY", "MM/DD/YY", "DD-MM-YY", "MM-DD-YY",
]


def tally_bin():
    path = os.environ.get("TALLY_BIN")
    if not path:
        if os.environ.get("CI") == "true":
            pytest.fail("TALLY_BIN is not set; CI must run the CSV oracle against the built tally binary")
        pytest.skip("TALLY_BIN is not set: build tally and run with TALLY_BIN=.build/debug/tally")
    return path


def run_tally(csv_path, mapping_path, currency="USD"):
    return subprocess.run(
        [tally_bin(), "statement", str(csv_path), "--format", "csv", "--mapping", str(mapping_path),
         "--currency", currency],
        capture_output=True, timeout=60,
    )


# ---- the independent reader -------------------------------------------------------------------

def decode(raw, encoding):
    if encoding:
        enc = {"utf-8": "utf-8-sig", "utf-16": "utf-16", "windows-1252": "cp1252"}[encoding.lower()]
        return raw.decode(enc)
    if raw.startswith(b"\xef\xbb\xbf"):
        return raw.decode("utf-8-sig")
    if raw.startswith((b"\xff\xfe", b"\xfe\xff")):
        return raw.decode("utf-16")
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        return raw.decode("cp1252")


def rows_of(text, delimiter):
    return list(csv.reader(io.StringIO(text, newline=""), delimiter=delimiter))


def pick_delimiter(lines):
    best = None
    for d in [",", ";", "\t", "|"]:
        counts = [len(r) for r in rows_of("\n".join(lines[:50]), d) if r]
        if not counts:
            continue
        width = max(set(counts), key=lambda w: (counts.count(w), w))
        score = (counts.count(width), width)
        if width > 1 and (best is None or score > best[0]):
            best = (score, d)
    return best[1] if best else ","


def strptime_format(fmt):
    tokens = {"YYYY": "%Y", "YY": "%y", "MM": "%m", "M": "%m", "DD": "%d", "D": "%d"}
    return re.sub(r"Y{4}|Y{2}|M{1,2}|D{1,2}", lambda m: tokens[m.group(0)], fmt)


def parse_date(value, fmt):
    value = re.split(r"[ T]", value.strip(), maxsplit=1)[0]
    if re.fullmatch(r"[YMD]+", fmt) and len(value) != len(fmt):
        raise ValueError(value)
    return datetime.strptime(value, strptime_format(fmt)).date()


def fits(values, fmt):
    try:
        for v in values:
            parse_date(v, fmt)
        return True
    except ValueError:
        return False


def decimal_separator(values):
    for v in values:
        if "." in v and "," in v:
            return "," if v.rfind(",") > v.rfind(".") else "."
        m = re.search(r"([.,])(\d+)\D*$", v)
        if m and v.count(m.group(1)) == 1 and len(m.group(2)) != 3:
            return m.group(1)
    return "."


def amount(text, sep):
    t = text.strip()
    negative = False
    if t.startswith("(") and t.endswith(")"):
        negative, t = True, t[1:-1]
    t = re.sub(r"^[^\d+\-.,]+|[^\d+\-]+$", "", t)
    if t.endswith("-"):
        negative, t = not negative, t[:-1]
    if t.startswith("-"):
        negative, t = not negative, t[1:]
    t = t.lstrip("+").replace("," if sep == "." else ".", "").replace(" ", "").replace(sep, ".")
    value = Decimal(t)
    return -value if negative else value


def oracle(csv_path, mapping):
    text = decode(csv_path.read_bytes(), mapping.get("encoding"))
    lines = text.splitlines()
    header = mapping.get("header", True)
    skip = mapping.get("skip_lines")
    date_col = mapping["date"]
    if skip is None:
        skip = 0
        if header:
            while skip < len(lines) and str(date_col) not in lines[skip]:
                skip += 1
    body = "\n".join(lines[skip:])
    delimiter = mapping.get("delimiter") or pick_delimiter(lines[skip:])
    table = [(skip + 1 + i, r) for i, r in enumerate(rows_of(body, delimiter))]
    table = [(n, [c.strip() for c in r]) for n, r in table if any(c.strip() for c in r)]
    names = table.pop(0)[1] if header else None

    def col(ref):
        if ref is None or ref == "":
            return None
        if names is not None and isinstance(ref, str) and ref.strip() in names:
            return names.index(ref.strip())
        return int(ref) - 1

    def cell(row, ref):
        i = col(ref)
        return "" if i is None else row[i]

    fmt = mapping.get("date_format")
    if not fmt:
        values = [cell(r, date_col) for _, r in table]
        fitting = [f for f in CANDIDATES if fits(values, f)]
        assert len(fitting) == 1, f"the oracle finds {fitting} for {csv_path.name}"
        fmt = fitting[0]
    amount_cols = [mapping[k] for k in ("amount", "debit", "credit") if k in mapping]
    sep = mapping.get("decimal_separator") or decimal_separator(
        [cell(r, c) for _, r in table for c in amount_cols if cell(r, c)])
    notes = mapping.get("note", [])
    notes = [notes] if isinstance(notes, (str, int)) else notes
    entries = []
    for _line, row in table:
        if "amount" in mapping:
            value = amount(cell(row, mapping["amount"]), sep)
            direction = mapping.get("direction")
            if direction:
                d = cell(row, direction["column"]).lower()
                value = -abs(value) if d == direction["out"].lower() else abs(value)
        else:
            debit, credit = cell(row, mapping["debit"]), cell(row, mapping["credit"])
            value = (amount(credit, sep) if credit else Decimal(0)) - (abs(amount(debit, sep)) if debit else 0)
        if mapping.get("negate"):
            value = -value
        payee = cell(row, mapping.get("payee"))
        memo = " · ".join(v for v in (cell(row, n) for n in notes) if v)
        if not payee and not memo:
            payee = cell(row, mapping.get("type")) or "Unknown"
        currency = cell(row, mapping.get("currency")).upper() or "USD"
        entries.append({
            "date": parse_date(cell(row, date_col), fmt).isoformat(),
            "amount": value,
            "currency": currency,
            "payee": payee,
            "memo": memo,
        })
    return entries


# ---- the tests ---------------------------------------------------------------------------------

def test_fixtures_are_present():
    assert len(NAMES) >= 4, f"expected bank fixtures with mappings in {FIXTURES}"
    for name in NAMES:
        assert (FIXTURES / f"{name}.csv").exists(), name


@pytest.mark.parametrize("name", NAMES)
def test_fixture_matches_oracle(name):
    csv_path = FIXTURES / f"{name}.csv"
    mapping_path = FIXTURES / f"{name}.mapping.json"
    result = run_tally(csv_path, mapping_path)
    assert result.returncode == 0, result.stderr.decode()
    statement = json.loads(result.stdout)
    assert statement["format"] == "csv"
    got = statement["entries"]
    want = oracle(csv_path, json.loads(mapping_path.read_text(encoding="utf-8")))
    assert len(got) == len(want)
    for g, w in zip(got, want):
        assert Decimal(g["amount"]) == w["amount"], (g, w)
        assert g["currency"] == w["currency"], (g, w)
        assert g["date"] == w["date"], (g, w)
        assert g["payee"] == w["payee"], (g, w)
        assert g["memo"] == w["memo"], (g, w)
        assert 0 <= g["account"] < len(statement["accounts"])


def test_errors_name_line_and_column():
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "bad.csv"
        path.write_text("Date,Amount\n2026-03-01,1.00\n2026-03-02,12.345\n", encoding="utf-8")
        mapping = Path(tmp) / "m.json"
        mapping.write_text(json.dumps({"date": "Date", "amount": "Amount"}), encoding="utf-8")
        result = run_tally(path, mapping)
        assert result.returncode == 65
        assert result.stderr.decode().startswith(
            "error: line 3, column 'Amount': '12.345' has more decimals than USD has (2)")
        mapping.write_text(json.dumps({"date": "Date", "amount": "Amount", "date_format": "QQ"}), encoding="utf-8")
        result = run_tally(path, mapping)
        assert result.returncode == 65
        assert result.stderr.decode().startswith("error: mapping.date_format: 'QQ' is not a date format")
