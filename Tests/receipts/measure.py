#!/usr/bin/env python3
"""Reads every receipt of manifest.tsv with `tally receipt read FILE --format json` (Tesseract on
this machine) and prints how many totals, dates and shops were right and the seconds per photo.
The book knows the shops marked `known` (and some others), as a person's book would; the date
order is the locale of the receipt's country, as the person's own would be (the file name ends in
it: `-us`, `-uk`, `-de`, `-fr`, `-np`). Figures are printed for the whole set, then for each folder
(`generated/`, the rendered receipts; `real/`, photographed and scanned ones, see real/SOURCES.md).

    TALLY_BIN=.build/debug/tally python3 Tests/receipts/measure.py [--min-total 90 --min-date 85 --min-shop 70]
"""
import argparse
import csv
import json
import os
import subprocess
import sys
import tempfile
import time
import unicodedata

HERE = os.path.dirname(os.path.abspath(__file__))
LOCALES = {"us": "en_US.UTF-8", "uk": "en_GB.UTF-8", "de": "de_DE.UTF-8", "fr": "fr_FR.UTF-8", "np": "ne_NP.UTF-8"}
OTHER_PAYEES = ["Starbucks", "Shell", "Amazon", "Netflix", "Uber", "Aldi", "Costco", "Ikea"]


def key(text):
    text = unicodedata.normalize("NFKD", text or "").encode("ascii", "ignore").decode().lower()
    return " ".join("".join(c if c.isalnum() else " " for c in text).split())


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--min-total", type=float, default=0)
    parser.add_argument("--min-date", type=float, default=0)
    parser.add_argument("--min-shop", type=float, default=0)
    args = parser.parse_args()
    tally = os.environ.get("TALLY_BIN", "tally")
    rows = list(csv.DictReader(open(os.path.join(HERE, "manifest.tsv")), delimiter="\t"))
    data = tempfile.mkdtemp(prefix="tally-receipts-")
    env = {**os.environ, "TALLY_DATA": data}
    subprocess.run([tally, "user", "create", "--email", "bench@example.com", "--password-stdin"],
                   input=b"receipts-bench-1234\n", env=env, check=True, capture_output=True)
    known = sorted({r["shop"] for r in rows if r["known"] == "yes"}) + OTHER_PAYEES
    for name in known:
        subprocess.run([tally, "add", "expense", "1", "--payee", name, "--date", "2024-01-01"],
                       env=env, check=True, capture_output=True)
    right = {"total": 0, "date": 0, "shop": 0}
    currencies = 0
    spent = 0.0
    groups = {}
    for row in rows:
        group = groups.setdefault(row["file"].split("/", 1)[0] if "/" in row["file"] else ".",
                                  {"n": 0, "total": 0, "date": 0, "shop": 0, "currency": 0, "spent": 0.0})
        country = row["file"].rsplit("-", 1)[-1].split(".")[0]
        started = time.monotonic()
        run = subprocess.run([tally, "receipt", "read", os.path.join(HERE, row["file"]), "--format", "json"],
                             env={**env, "LANG": LOCALES.get(country, "en_US.UTF-8")}, capture_output=True)
        took = time.monotonic() - started
        spent += took
        group["n"] += 1
        group["spent"] += took
        got = json.loads(run.stdout) if run.returncode == 0 else {}
        checks = {
            "total": got.get("amount") == row["total"],
            "date": got.get("date") == row["date"],
            "shop": key(got.get("payee")) == key(row["shop"]),
        }
        # The book counts in dollars: a receipt that writes no currency is proposed in them.
        currencies += got.get("currency") == row["currency"]
        group["currency"] += got.get("currency") == row["currency"]
        for field, ok in checks.items():
            right[field] += ok
            group[field] += ok
        if not all(checks.values()):
            misses = ", ".join(f"{f} {got.get(k)!r} not {row[r]!r}" for f, k, r in
                               [("total", "amount", "total"), ("date", "date", "date"), ("shop", "payee", "shop")]
                               if not checks[f])
            print(f"  {row['file']}: {misses or run.stderr.decode().strip()}")
    n = len(rows)
    share = {f: 100 * right[f] / n for f in right}
    print(f"{n} receipts ({sum(1 for r in rows if r['source'].startswith('generated'))} generated): "
          f"total {right['total']}/{n} ({share['total']:.0f} %), date {right['date']}/{n} ({share['date']:.0f} %), "
          f"shop {right['shop']}/{n} ({share['shop']:.0f} %), currency {currencies}/{n}, {spent / n:.2f} s a photo")
    for name, g in sorted(groups.items()):
        k = g["n"]
        print(f"  {name}/: {k} receipts: " + ", ".join(
            f"{f} {g[f]}/{k} ({100 * g[f] / k:.0f} %)" for f in ("total", "date", "shop")) +
            f", currency {g['currency']}/{k}, {g['spent'] / k:.2f} s a photo")
    if share["total"] < args.min_total or share["date"] < args.min_date or share["shop"] < args.min_shop:
        sys.exit(1)


if __name__ == "__main__":
    main()
