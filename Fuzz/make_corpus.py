#!/usr/bin/env python3
"""Writes the seed corpus of the fuzz targets into Fuzz/corpus/<target>/ (committed; small).

  Fuzz/make_corpus.py [--tally .build/debug/tally]

Seeds are real-shaped inputs: amounts as people type them, lines of `tally demo`'s
CSV, dates at the supported bounds and just past them, report query strings, hostile text
(long, emoji, right-to-left, markup, quotes, {{x}}, =cmd, combining marks). libFuzzer mutates
from these; what it finds on its own goes to a scratch corpus that is not committed.
Each target's input layout is described at the top of its Sources/<target>/*.swift file.
"""
import argparse
import os
import shutil
import struct
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(HERE)
CORPUS = os.path.join(HERE, "corpus")
MAX = 999_999_999_999  # Money.maxMinorUnits

HOSTILE = [
    "A" * 200,
    "Café 🎉👩‍👩‍👧 ☕",
    "שלום עולם مرحبا",
    "<script>alert(1)</script>",
    "\"quoted\" 'single' `back`",
    "{{x}} {{{y}}} {{#z}}",
    "=HYPERLINK(\"http://evil\",\"x\")",
    "+1+2", "-2+3", "@SUM(1)", "\tTab", "\rCR",
    "semi;colon,comma\\back",
    "\"\u0301combining quote",
    "line\r\nbreak\nand\rmore",
    "\u202eevil\u202c",
    "\u0000nul",
]


def write(target, name, data):
    folder = os.path.join(CORPUS, target)
    os.makedirs(folder, exist_ok=True)
    if isinstance(data, str):
        data = data.encode("utf-8")
    with open(os.path.join(folder, name), "wb") as f:
        f.write(data)


def money():
    # Byte 0 picks the currency (below 128: USD JPY KWD CLF EUR BRL PLN INR BIF OMR, by index),
    # bytes 1-8 a stored amount (little-endian), the rest is the typed text.
    typed = {
        0: ["4.50", "4,50", "1,234.56", "1.234,56", "-3", "$4.50", "4.50 USD", "-$1,234.56", "$-4", "+7",
            "9999999999.99", "-9,999,999,999.99", "10000000000.00", "92233720368547758.08", "1e9", "NaN",
            "  12 ", "1'234.50", "\u22125", "12.345", "1,23,4", "0.01", "-0", ".5", "5.", "1 234,56", "١٢٣"],
        1: ["300", "¥300", "1,234", "JPY 999999999999", "1000000000000", "3.5", "-¥5"],
        2: ["1.234", "1,234", "KWD 1,234.567", "-0.001", "999999999.999", "1,5"],
        3: ["1.2345", "CLF 0.0001", "99999999.9999"],
        5: ["R$ 10,00", "R$1.234,56"],
        6: ["zł5", "5 zł", "1 234,56 zł"],
        7: ["₹1,00,000", "₹1,234.50"],
    }
    stored = [0, 1, 450, -123456, MAX, -MAX]
    n = 0
    for currency, texts in typed.items():
        for i, text in enumerate(texts):
            write("fuzz-money", "c%d-%02d" % (currency, i), bytes([currency]) + struct.pack("<q", stored[i % len(stored)]) + text.encode())
            n += 1
    for i, text in enumerate(HOSTILE[:8]):
        write("fuzz-money", "hostile-%02d" % i, bytes([200 + i]) + struct.pack("<q", 7) + text.encode())
    return n


def csv_lines(generator):
    """Header and lines of `tally demo`'s CSV (3,000 records, seed 42); `generator` is a tally binary."""
    if not os.path.exists(generator):
        sys.exit("no tally binary at %s (pass --tally)" % generator)
    with tempfile.TemporaryDirectory() as tmp:
        subprocess.run([generator, "demo", "--records", "3000", "--seed", "42", "--start", "2015-01-01",
                        "--years", "10", "--out", tmp], check=True, stdout=subprocess.DEVNULL)
        with open(os.path.join(tmp, "txns_3000.csv"), encoding="utf-8") as f:
            return f.read().splitlines()


def csv(generator):
    lines = csv_lines(generator)
    header, rows = lines[0], lines[1:]
    write("fuzz-csv", "bench-40", "\n".join([header] + rows[:40]) + "\n")
    write("fuzz-csv", "bench-incomes", "\n".join([header] + [r for r in rows if ",income," in r][:10]) + "\n")
    write("fuzz-csv", "bench-notes-crlf", "\r\n".join([header] + [r for r in rows if not r.endswith(",")][:10]) + "\r\n")
    write("fuzz-csv", "bom", "\ufeff" + header + "\n" + rows[0] + "\n")
    full = "date,amount,kind,payee,category,subcategory,account,currency,note,time,to_account\n"
    write("fuzz-csv", "transfer-time", full
          + "2026-03-01,100.00,transfer,,,,Checking,USD,move,08:30,Savings\n"
          + "2026-03-02,4.50,expense,Café,Food,Coffee,Cash,EUR,,23:59,\n")
    write("fuzz-csv", "bounds", header + "\n"
          + "1900-01-01,0.01,expense,First,Food,,Cash,USD,\n"
          + "2199-12-31,9999999999.99,income,Last,Income,Salary,Checking,USD,\n"
          + "1899-12-31,1.00,expense,Before,Food,,Cash,USD,\n"
          + "2200-01-01,1.00,expense,After,Food,,Cash,USD,\n"
          + "2026-01-01,10000000000.00,expense,Too much,Food,,Cash,USD,\n"
          + "2026-01-01,999999999999,expense,Yen,Food,,Cash,JPY,\n"
          + "2026-01-01,1.234,expense,Dinar,Food,,Cash,KWD,\n")
    quoted = lambda s: '"' + s.replace('"', '""') + '"'
    write("fuzz-csv", "hostile", header + "\n" + "".join(
        "2026-02-%02d,1.00,expense,%s,Food,,Cash,USD,%s\n" % (i + 1, quoted(text), quoted(text)) for i, text in enumerate(HOSTILE)))
    write("fuzz-csv", "broken", header + "\n2026-01-01,1.00,expense,\"unclosed,Food,,Cash,USD,\n")
    write("fuzz-csv", "wrong-width", header + "\n2026-01-01,1.00,expense\n")
    write("fuzz-csv", "unknown-column", "date,amount,kind,colour\n")
    return 10


def dates():
    # Three lines: two dates (or any text), then bytes that choose a budget schedule.
    pairs = [
        ("2024-02-29", "2024-03-31"), ("1900-01-01", "2199-12-31"), ("2199-12-01", "2199-12-31"),
        ("1900-01-01", "1900-01-07"), ("1899-12-31", "2026-01-01"), ("2026-01-01", "2200-01-01"),
        ("9999-12-01", "9999-12-31"), ("0000-01-01", "0001-01-01"), ("2023-02-29", "2023-02-28"),
        ("2026-12-31", "2026-01-01"), ("2026-11", "12:30"), ("24:00", "23:59"), (" 2026-03-01 ", "2026-03-01\t"),
        ("2026-3-1", "20260301"), ("", ""), ("2100-02-28", "2100-03-01"), ("2000-02-29", "2000-03-01"),
    ]
    for i, (a, b) in enumerate(pairs):
        write("fuzz-dates", "pair-%02d" % i, "%s\n%s\n" % (a, b) + chr(i % 7) + chr(30 - i) + chr(i * 13 % 31))
    return len(pairs)


def report_query():
    queries = [
        "from=2024-01-01&to=2024-12-31&by=payee&kind=both&interval=week",
        "from=1900-01-01&to=2199-12-31&interval=year",
        "from=1900-01-01&to=2199-12-31&interval=day",
        "from=2199-01-01&to=2199-12-31&interval=month&by=subcategory",
        "from=9999-12-01&to=9999-12-31&interval=month",
        "from=9999-01-01&to=9999-12-31&interval=year",
        "from=2026-03-01&to=2026-02-01",
        "by=colour&kind=transfer",
        "interval=fortnight",
        "from=2026%2D01%2D01&to=+2026-01-31+&kind=INCOME&by=Account",
        "from=&to=&by=&kind=&interval=",
        "from=2024-02-30",
        "from=2021-01-01&to=2023-09-30&interval=day",
        "to=1900-01-01",
    ]
    for i, q in enumerate(queries):
        write("fuzz-report-query", "query-%02d" % i, q)
    return len(queries)


def icalendar():
    # Bytes 0-7 choose the event's day; then lines: calendar name, summary, description, uid.
    docs = [
        ("Tally bills", "Rent", "Pay by transfer, ref; 123\\4", "bill-1-2026-03-01@tally"),
        ("Ünïcödé 📅", "Café 🎉 " * 12, "שלום עולם مرحبا " * 6, "x@y"),
        ("", "", "", ""),
        ("a,b;c\\d", "\"\u0301;\u0301,", "é" * 80, "🎉" * 30),
    ] + [(t, t, t, "h-%d" % i) for i, t in enumerate(HOSTILE)]
    for i, doc in enumerate(docs):
        write("fuzz-icalendar", "doc-%02d" % i, struct.pack("<q", i * 40_000 - 3) + "\n".join(doc).encode())
    return len(docs)


def plan_input():
    # Byte 0: 0 budget, 1 bill, 2 goal; byte 1: currency index; then one field per line, "today" last.
    N = "\x01"  # a field not given
    plans = [
        (0, ["Food", "400.00", "monthly", "monday", "2026-01-31", "31", "saver"]),
        (0, ["Weekly", "9999999999.99", "weekly", "sunday", "1900-01-01", "", "spender"]),
        (0, ["Quarter", "1", "quarterly", "", "2199-12-31", "29", ""]),
        (0, ["Every 4", "0.01", "fourweekly", "", "2199-12-01", "", "", N, N, "2199-12-31"]),
        (0, ["", "-5", "fortnightly", "noday", "2026-02-30", "32", "other"]),
        (1, ["Rent", "1450.00", "monthly", "31", "", "2026-01-31", "pay.example.com", "3", "due on the 31st"]),
        (1, ["Insurance", "varies", "every_n_months", "29", "6", "2024-02-29", "", "60", ""]),
        (1, ["Gym", "45", "weekly", "", "", "1900-01-01", "https://gym.example", "0", "", "1900-01-03"]),
        (1, ["Tax", "9999999999.99", "yearly", "", "", "2199-12-31", "", "", "", "2199-12-31"]),
        (1, ["Bad", "1e9", "every_n_months", "0", "121", "9999-12-31", "javascript:alert(1)", "61", ""]),
        (2, ["Bike", "1200.00", "300", "2500", "monthly", "10", ""]),
        (2, ["House", "9999999999.99", "0", "0.01", "daily", "", "2199-12-31", N, N, "1900-01-01"]),
        (2, ["Trip", "3000", "3500", "", "yearly", "", "2020-01-01"]),
        (2, ["Both", "10", "", "10", "weekly", "50", "2030-01-01"]),
    ]
    for i, (kind, fields) in enumerate(plans):
        write("fuzz-plan-input", "plan-%02d" % i, bytes([kind, i % 10]) + "\n".join(fields).encode())
    for i, text in enumerate(HOSTILE[:6]):
        write("fuzz-plan-input", "hostile-%02d" % i, bytes([i % 3, 0]) + "\n".join([text, "1.00", "", "", "", "", text]).encode())
    return len(plans) + 6


def receipt_text():
    """OCR text of receipts, with dates and totals in other scripts' digits (Devanagari, Arabic-
    Indic, Persian, fullwidth: they trapped ReceiptDates), and numbers that are no digits (½, ², Ⅻ).
    Each seed is two option bytes (currency and date order; the script the target rewrites the
    ASCII digits in), then the text."""
    receipts = [
        "WHOLE FOODS MARKET\n1O25 Main St\n03/14/2026 10:42 AM\nSUBTOTAL 16.48\nTAX 1.32\nTOTAL 17.80\nCASH 50.00",
        "LIDL\n14.03.26\nSUMME EUR 12,34\nBAR 20,00",
        "Carrefour\n14 mars 2026\nTOTAL TTC 8,90 €\nA PAYER 8,90",
        "भाटभटेनी सुपरमार्केट\nमिति: ०७/०५/२०२४\nकुल रकम रु. १,२३४.५०",
        "Big Mart\n२०२४-०५-०७\nTOTAL Rs. ४५०.००",
        "كارفور\nالتاريخ ٠٧/٠٥/٢٠٢٤\nالمجموع ١٢٫٥٠\nTOTAL ١٢.٥٠",
        "فروشگاه\n۱۴۰۳/۰۲/۱۸\nجمع کل ۱۲۵,۰۰۰",
        "ＦＡＭＩＬＹ ＭＡＲＴ\n２０２６／０３／１４\n合計 ￥１，２３４\nTOTAL １２.５０",
        "Shop\n½/05/2024\n0²/05/2024\nⅫ/05/2024\nTOTAL ½.50",
        "Shop\n0\u0301 7/05/2024\n𝟎𝟕/𝟎𝟓/𝟐𝟎𝟐𝟒\nMay ७, २०२४\n७ May २०२४\nTOTAL 1,234.56",
        "Shop\n9999/99/99\n00/00/0000\n31/02/2026\nTOTAL 999999999.99",
    ]
    count = 0
    for i, text in enumerate(receipts + HOSTILE):
        write("fuzz-receipt-text", "receipt-%02d" % i, bytes([i % 8, i % 10]) + text.encode("utf-8"))
        count += 1
    return count


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--tally", dest="generator", default=os.path.join(REPO, ".build", "debug", "tally"))
    args = ap.parse_args()
    # Only the folders this script writes: the statement readers' seeds (fuzz-ofx, fuzz-qif,
    # fuzz-camt, fuzz-bank-csv) are real-shaped files kept in the repository as they are.
    made = ("fuzz-money", "fuzz-csv", "fuzz-dates", "fuzz-report-query", "fuzz-icalendar", "fuzz-plan-input",
            "fuzz-receipt-text")
    for target in made:
        shutil.rmtree(os.path.join(CORPUS, target), ignore_errors=True)
    for make in (money, lambda: csv(args.generator), dates, report_query, icalendar, plan_input, receipt_text):
        make()
    counts = {target: len(os.listdir(os.path.join(CORPUS, target))) for target in sorted(os.listdir(CORPUS))}
    size = sum(os.path.getsize(os.path.join(d, f)) for d, _, fs in os.walk(CORPUS) for f in fs)
    print("wrote %s; %d bytes in all" % (", ".join("%s %d" % kv for kv in counts.items()), size))


if __name__ == "__main__":
    main()
