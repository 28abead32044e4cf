"""Oracle test: Tally's OFX/QFX reader against the PyPI package ofxparse on real OFX files.

Runs `$TALLY_BIN statement FILE --format ofx --currency USD` on every real fixture in
Tests/TallyFilesTests/Fixtures/ofx (see SOURCES.md there) and compares each account's number,
currency, closing balance and date, and each entry's amount, date, time, payee, memo, FITID,
check number and type with what ofxparse reads from the same file.

ofxtools was tried as a second oracle and left out: it validates against the OFX schema and
refuses most of these real files (a BANKID longer than 9 characters, no header, an SGML body
behind an XML header), so it has nothing to compare on them.

Skipped when TALLY_BIN is unset or ofxparse is not installed, except under CI=true, where that
is a failure. `pip install ofxparse pytest`, then
`TALLY_BIN=.build/debug/tally pytest Tests/imports/test_ofx_oracle.py`.
"""

import datetime
import io
import json
import os
import re
import subprocess
import warnings
from decimal import Decimal
from pathlib import Path

import pytest
from conftest import require

FIXTURES = Path(__file__).resolve().parent.parent / "TallyFilesTests" / "Fixtures" / "ofx"

# Real fixtures both readers read; every account and entry is compared.
READ = [
    "anzcc.ofx",
    "bank_medium.ofx",
    "checking.ofx",
    "multiple_accounts.ofx",
    "suncorp.ofx",
]

# Real fixtures both refuse (ofxparse's own "fail_nice" files), with Tally's exact error.
REFUSED = {
    "date_missing.ofx": "error: STMTTRN 1 (DTPOSTED): DTPOSTED is missing",
    "decimal_error.ofx": "error: STMTTRN 1 (TRNAMT): TRNAMT '$120' is not an OFX amount "
    "(digits with an optional sign and one decimal point)",
}

# A refused sign-on: ofxparse reads it as no accounts and a failed `signon`; Tally refuses the
# file with the bank's code and message, which must be the ones ofxparse reports.
SIGNON_FAILED = ["signon_fail.ofx"]

# Files ofxparse 0.21 cannot read at all, and why. Tally reads them; OFXFixtureTests asserts
# what it reads exactly. The test checks that ofxparse still fails, so that a fixed ofxparse
# turns this into a comparison instead of leaving it unchecked.
ORACLE_CANNOT_READ = {
    # `<CURDEF></CURDEF>`: ofxparse indexes the element's empty contents (IndexError); with the
    # empty elements removed it then refuses the empty FITID, which Tally reads as "no id".
    "ofx-v102-empty-tags.ofx": IndexError,
}

ZONE = re.compile(r"\[([+-]?\d+(?:[.:]\d+)?)(?::[^\]]*)?\]")






@pytest.fixture(scope="module")
def ofxparse():
    try:
        import ofxparse as module
    except ImportError:
        module = None
    require(module is not None, "ofxparse is not installed: pip install ofxparse")
    return module


def _tally(binary, path):
    return subprocess.run(
        [binary, "statement", str(path), "--format", "ofx", "--currency", "USD"],
        capture_output=True,
        text=True,
        timeout=60,
    )


def _oracle(ofxparse, path):
    with warnings.catch_warnings():
        # ofxparse parses with BeautifulSoup's HTML parser and bs4 warns about XML input.
        warnings.simplefilter("ignore")
        return ofxparse.OfxParser.parse(io.BytesIO(path.read_bytes()))


def _raw_values(text, element):
    """The raw text of every `element` in file order (SGML or XML), for its zone only."""
    return [m.group(1) for m in re.finditer(rf"<{element}>\s*([^<\s]*)", text)]


def _as_written(moment, raw):
    """ofxparse moves a time with a zone ("[-5:EST]") to UTC and drops the zone; Tally keeps the
    day and time as the file writes them. Undo ofxparse's shift with the zone of the raw text."""
    zone = ZONE.search(raw)
    if not zone:
        return moment
    hours, _, minutes = zone.group(1).replace(":", ".").partition(".")
    sign = -1 if hours.startswith("-") else 1
    offset = datetime.timedelta(hours=abs(int(hours)), minutes=int(minutes or 0))
    return moment + sign * offset


@pytest.mark.parametrize("name", READ)
def test_same_reading_as_ofxparse(name, tally_bin, ofxparse):
    path = FIXTURES / name
    run = _tally(tally_bin, path)
    assert run.returncode == 0, run.stderr
    tally = json.loads(run.stdout)
    oracle = _oracle(ofxparse, path)
    text = path.read_text(encoding="utf-8", errors="replace")

    assert tally["format"] == "ofx"
    assert len(tally["accounts"]) == len(oracle.accounts)
    ledger_dates = [re.search(r"<DTASOF>\s*([^<\s]*)", block).group(1)
                    for block in re.findall(r"<LEDGERBAL>(.*?)</LEDGERBAL>", text, re.S)]
    for index, (mine, theirs) in enumerate(zip(tally["accounts"], oracle.accounts)):
        statement = theirs.statement
        assert mine["number"] == theirs.account_id
        assert mine["kind"] == ("credit_card" if theirs.type == 2 else "bank")  # AccountType.CreditCard
        assert mine["currency"] == statement.currency.upper()
        assert Decimal(mine["closing_balance"]) == Decimal(statement.balance)
        as_written = _as_written(statement.balance_date, ledger_dates[index])
        assert mine["closing_date"] == as_written.date().isoformat()

    theirs_entries = [
        (account_index, t)
        for account_index, account in enumerate(oracle.accounts)
        for t in account.statement.transactions
    ]
    posted = _raw_values(text, "DTPOSTED")
    assert len(tally["entries"]) == len(theirs_entries) == len(posted)
    for number, (mine, (account_index, t), raw) in enumerate(zip(tally["entries"], theirs_entries, posted), 1):
        where = f"{name} STMTTRN {number}"
        assert mine["location"] == f"STMTTRN {number}", where
        assert mine["account"] == account_index, where
        assert Decimal(mine["amount"]) == t.amount, where
        statement_currency = oracle.accounts[account_index].statement.currency.upper()
        assert mine["currency"] == statement_currency, where
        local = _as_written(t.date, raw)
        assert mine["date"] == local.date().isoformat(), where
        # Tally leaves the time out when the file gives none or exactly midnight, and keeps
        # hours and minutes; ofxparse always has a datetime, with seconds.
        expected_time = None if local.time() == datetime.time(0) else local.strftime("%H:%M")
        assert mine["time"] == expected_time, where
        # ofxparse strips text as Tally trims it; neither cuts these short files' text.
        assert mine["payee"] == t.payee, where
        assert mine["memo"] == t.memo, where
        assert mine["file_id"] == t.id, where
        assert mine["check_number"] == t.checknum, where
        # ofxparse lower-cases TRNTYPE; Tally keeps it as written.
        assert mine["type"].lower() == t.type, where


@pytest.mark.parametrize("name", sorted(REFUSED))
def test_both_refuse(name, tally_bin, ofxparse):
    path = FIXTURES / name
    run = _tally(tally_bin, path)
    assert run.returncode == 65
    assert run.stdout == ""
    assert run.stderr.strip() == REFUSED[name]
    with pytest.raises(ofxparse.OfxParserException):
        _oracle(ofxparse, path)


@pytest.mark.parametrize("name", SIGNON_FAILED)
def test_refused_signon(name, tally_bin, ofxparse):
    path = FIXTURES / name
    oracle = _oracle(ofxparse, path)
    assert oracle.accounts == [] and not oracle.signon.success
    run = _tally(tally_bin, path)
    assert run.returncode == 65
    assert run.stderr.strip() == (
        f"error: SONRS 1 (STATUS): the bank sent error {oracle.signon.code} "
        f"({oracle.signon.message}) instead of a statement"
    )


@pytest.mark.parametrize("name", sorted(ORACLE_CANNOT_READ))
def test_oracle_cannot_read(name, tally_bin, ofxparse):
    path = FIXTURES / name
    with pytest.raises(ORACLE_CANNOT_READ[name]):
        _oracle(ofxparse, path)
    run = _tally(tally_bin, path)
    assert run.returncode == 0, run.stderr
    assert len(json.loads(run.stdout)["entries"]) == 1


def test_every_fixture_is_listed():
    listed = set(READ) | set(REFUSED) | set(SIGNON_FAILED) | set(ORACLE_CANNOT_READ)
    assert {p.name for p in FIXTURES.glob("*.ofx")} == listed
