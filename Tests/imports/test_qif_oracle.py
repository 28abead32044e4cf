"""Oracle test: Tally's QIF reader against the PyPI package quiffen on real QIF files.

Runs `$TALLY_BIN statement FILE --format qif --currency USD` on every real fixture in
Tests/TallyFilesTests/Fixtures/qif (see SOURCES.md there) and compares each entry's amount,
date, payee, memo, category, transfer account and check number, and a split transaction's
lines, with what quiffen reads from the same file with the same date order.

Skipped when TALLY_BIN is unset or quiffen is not installed, except under CI=true, where that
is a failure. `pip install quiffen pytest`, then
`TALLY_BIN=.build/debug/tally pytest Tests/imports/test_qif_oracle.py`.
"""

import json
import os
import subprocess
from decimal import Decimal
from pathlib import Path

import pytest
from conftest import require

FIXTURES = Path(__file__).resolve().parent.parent / "TallyFilesTests" / "Fixtures" / "qif"

# Every real fixture Tally reads, with the date order both readers are given. All of them are
# month-first (US) files: Tally finds that from the dates, quiffen is told day_first=False.
READ = {
    "actual-data-with-categories.qif": False,
    "actual-qif-account.qif": False,
    "actual-qif-category.qif": False,
    "actual-tracking-number.qif": False,
    "quiffen-test_circular_reference.qif": False,
    "quiffen-test_split.qif": False,
    "quiffen-test_transaction_before_account_definition_1.qif": False,
}

# Real fixtures Tally refuses, with the error it must give. quiffen reads the investment section
# of test.qif; Tally has no investment accounts and says so rather than dropping part of a file.
REFUSED = {
    "quiffen-test.qif": "error: line 92: investment accounts (!Type:Invst) are not supported",
}

# quiffen names the account of a file without !Account blocks so; Tally leaves its name empty.
QUIFFEN_DEFAULT_ACCOUNT = "Quiffen Default Account"






@pytest.fixture(scope="module")
def quiffen():
    try:
        import quiffen as module
    except ImportError:
        module = None
    require(module is not None, "quiffen is not installed: pip install quiffen")
    return module


def _tally(binary, path):
    return subprocess.run(
        [binary, "statement", str(path), "--format", "qif", "--currency", "USD"],
        capture_output=True,
        text=True,
        timeout=60,
    )


def _category(category):
    # quiffen keeps the whole "Parent:Child" path of the leaf category in `hierarchy`.
    return category.hierarchy if category is not None else ""


def _text(value):
    return "" if value is None else str(value)


def _expected(quiffen, path, day_first):
    """quiffen's reading, as Tally's entries should be: one per transaction or per split."""
    qif = quiffen.Qif.parse(str(path), day_first=day_first)
    by_account = {}
    for name, account in qif.accounts.items():
        rows = by_account.setdefault("" if name == QUIFFEN_DEFAULT_ACCOUNT else name, [])
        for transactions in account.transactions.values():
            for tx in transactions:
                base = {
                    "date": tx.date.date().isoformat(),
                    "payee": _text(tx.payee),
                    "check_number": _text(tx.check_number),
                }
                if not tx.splits:
                    rows.append(
                        base
                        | {
                            "amount": Decimal(tx.amount),
                            "memo": _text(tx.memo),
                            "category": _category(tx.category),
                            "transfer_account": _text(tx.to_account),
                        }
                    )
                    continue
                # Splits a split record can hold (2-100 lines, none a transfer, each of the
                # total's sign) are one entry with its lines; Tally keeps any other split
                # transaction as one entry per split, with the split's memo, or the
                # transaction's when it has none.
                total = Decimal(tx.amount)
                if (
                    2 <= len(tx.splits) <= 100
                    and total != 0
                    and all(split.to_account is None for split in tx.splits)
                    and all((Decimal(split.amount) > 0) == (total > 0) and Decimal(split.amount) != 0 for split in tx.splits)
                ):
                    rows.append(
                        base
                        | {
                            "amount": total,
                            "memo": _text(tx.memo),
                            "category": "",
                            "transfer_account": "",
                            "splits": [
                                {
                                    "category": _category(split.category),
                                    "amount": Decimal(split.amount),
                                    "memo": _text(split.memo),
                                }
                                for split in tx.splits
                            ],
                        }
                    )
                    continue
                for split in tx.splits:
                    rows.append(
                        base
                        | {
                            "amount": Decimal(split.amount),
                            "memo": _text(split.memo) or _text(tx.memo),
                            "category": _category(split.category),
                            "transfer_account": _text(split.to_account),
                        }
                    )
    return by_account


def _actual(statement):
    by_account = {}
    for entry in statement["entries"]:
        name = statement["accounts"][entry["account"]]["name"]
        by_account.setdefault(name, []).append(
            {
                "date": entry["date"],
                "payee": entry["payee"],
                "check_number": entry["check_number"],
                "amount": Decimal(entry["amount"]),
                "memo": entry["memo"],
                "category": entry["category"],
                "transfer_account": entry["transfer_account"],
            }
            | (
                {
                    "splits": [
                        {"category": split["category"], "amount": Decimal(split["amount"]), "memo": split["memo"]}
                        for split in entry["splits"]
                    ]
                }
                if "splits" in entry
                else {}
            )
        )
    return by_account


def test_every_fixture_is_listed():
    names = {path.name for path in FIXTURES.glob("*.qif")}
    assert names == set(READ) | set(REFUSED)


@pytest.mark.parametrize("name", sorted(READ))
def test_tally_reads_what_quiffen_reads(name, tally_bin, quiffen):
    path = FIXTURES / name
    result = _tally(tally_bin, path)
    assert result.returncode == 0, result.stderr
    statement = json.loads(result.stdout)
    assert statement["format"] == "qif"
    assert all(entry["currency"] == "USD" for entry in statement["entries"])
    actual = _actual(statement)
    expected = _expected(quiffen, path, READ[name])
    # quiffen lists an account only when it has transactions or an !Account block; Tally
    # lists the same ones, so the names must match as well as the entries.
    assert actual == {k: v for k, v in expected.items() if v}
    assert sum(len(v) for v in actual.values()) > 0


@pytest.mark.parametrize("name", sorted(REFUSED))
def test_tally_refuses_with_a_located_error(name, tally_bin):
    result = _tally(tally_bin, FIXTURES / name)
    assert result.returncode == 65
    assert result.stdout == ""
    assert result.stderr.startswith(REFUSED[name])


def test_split_records_of_the_bank_part_of_test_qif(quiffen, tally_bin, tmp_path):
    """quiffen's test.qif cut before its investment section: its two split transactions of
    expense lines are split records in Tally, compared line by line with quiffen's splits."""
    text = (FIXTURES / "quiffen-test.qif").read_text()
    path = tmp_path / "bank-part.qif"
    path.write_text(text[: text.index("!Type:Invst")])
    result = _tally(tally_bin, path)
    assert result.returncode == 0, result.stderr
    actual = _actual(json.loads(result.stdout))
    expected = _expected(quiffen, path, False)
    assert actual == {k: v for k, v in expected.items() if v}
    splits = [entry for entries in actual.values() for entry in entries if "splits" in entry]
    assert [len(entry["splits"]) for entry in splits] == [2, 4]
