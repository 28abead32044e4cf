"""Oracle test: Tally's bank-CSV reader against the PyPI package csv2ofx on real bank CSVs.

Runs `$TALLY_BIN statement FILE --format csv --mapping FILE.mapping.json --currency C` on every
`csv2ofx-*.csv` fixture in Tests/TallyFilesTests/Fixtures/csv (real files from csv2ofx's own test
suite, see SOURCES.md there) and reads the same file with csv2ofx's own mapping for that bank, the
way its `csv2ofx` command does: meza's `read_csv` with the mapping's header and delimiter, the
mapping's `filter` and date range (`Content.include`), then `Content.transaction_data` per row.
It compares the row count and, row by row, the day (and the time where Tally reads one), the
amount as an exact Decimal with money in positive, the currency, the payee, and the account where
csv2ofx's mapping reads it from a column.

The command's further steps (`gen_groups`, `gen_trxns`, `clean_trxns`) are left out on purpose:
for these unsplit files they only sort the rows by account and escape the text for OFX output
(meza's `xmlize` writes "&" as "&amp"), which are not part of reading the file.

Skipped when TALLY_BIN is unset or csv2ofx is not installed, except under CI=true, where that is
a failure. `pip install csv2ofx pytest`, then
`TALLY_BIN=.build/debug/tally pytest Tests/imports/test_csv2ofx_oracle.py`.
"""

import datetime
import json
import subprocess
from dataclasses import dataclass
from decimal import Decimal
from math import inf
from pathlib import Path

import pytest
from conftest import require

FIXTURES = Path(__file__).resolve().parent.parent / "TallyFilesTests" / "Fixtures" / "csv"


@dataclass(frozen=True)
class Case:
    """How csv2ofx reads one fixture: its mapping module and the options its tests give it."""

    module: str
    encoding: str = "utf-8"
    dayfirst: bool = False


# Every csv2ofx fixture, by file name without `.csv`.
READ = {
    "csv2ofx-capitalone": Case("capitalone"),
    "csv2ofx-creditunion": Case("creditunion"),
    # csv2ofx's own test reads gls.csv with `-E windows-1252`; its mapping turns DD.MM.YYYY into
    # MM/DD/YYYY itself before parsing.
    "csv2ofx-gls": Case("gls", encoding="windows-1252"),
    # DD/MM/YYYY dates. The mapping gives no `parse_fmt`, so csv2ofx parses them with dateutil,
    # month first unless told `dayfirst`; the `-y/--dayfirst` option of the csv2ofx 0.34 command
    # only reaches its --start/--end dates, not the rows, so the command reads 08/04/2022 as
    # 2022-08-04 (its own expected ingesp.ofx says so; test_ingesp_dates_need_dayfirst checks it).
    # Through the Python API the reader itself is told dayfirst=True, and reads what the bank means.
    "csv2ofx-ingesp": Case("ingesp", dayfirst=True),
    "csv2ofx-mint": Case("mint"),
    "csv2ofx-mint_headerless": Case("mint_headerless"),
    "csv2ofx-n26-fr": Case("n26"),
    "csv2ofx-outbank": Case("outbank"),
    "csv2ofx-payoneer": Case("payoneer"),
    "csv2ofx-pcmastercard": Case("pcmastercard"),
    "csv2ofx-schwab-checking": Case("schwabchecking"),
    "csv2ofx-stripe-default": Case("stripe"),
}

# Files where csv2ofx's mapping asks for a payee column the file does not have, so csv2ofx reads
# every payee as None. The test checks that it still does (a fixed mapping then turns this into a
# comparison), and compares Tally's payee with the cell csv2ofx's own CSV reader (meza) read from
# the column the Tally mapping names.
CSV2OFX_READS_NO_PAYEE = {
    # The mapping wants `Payee` (and `Payment reference`, `Category`): columns of N26's German or
    # English export; the French export names the counterparty `Partner Name`.
    "csv2ofx-n26-fr": "Partner Name",
    # The mapping asks for the column `"Merchant Name"` with its quotes; the CSV reader removes
    # the quotes of the quoted header cell, so the key is `Merchant Name` and the lookup fails.
    "csv2ofx-pcmastercard": "Merchant Name",
}


@pytest.fixture(scope="module")
def csv2ofx():
    try:
        from csv2ofx.main import load_package_module
        from csv2ofx.ofx import OFX
        from meza.io import read_csv
    except ImportError:
        load_package_module = None
    require(load_package_module is not None, "csv2ofx is not installed: pip install csv2ofx")
    return load_package_module, OFX, read_csv


def _records(csv2ofx, name, dayfirst=None):
    """csv2ofx's mapping module, and every row it reads from the file with the rows it keeps."""
    load_package_module, OFX, read_csv = csv2ofx
    case = READ[name]
    module = load_package_module(case.module)
    mapping = module.mapping
    content = OFX(mapping, def_type="CHECKING", dayfirst=case.dayfirst if dayfirst is None else dayfirst)
    # The same reader options as `csv2ofx.main.run` (the command's first/last row defaults).
    options = {
        "has_header": content.has_header,
        "custom_header": getattr(content, "custom_header", None),
        "delimiter": mapping.get("delimiter", ","),
        "first_row": mapping.get("first_row", 0),
        "last_row": mapping.get("last_row", inf),
        "first_col": mapping.get("first_col", 0),
    }
    with open(FIXTURES / f"{name}.csv", encoding=case.encoding) as source:
        rows = list(read_csv(source, **options))
    kept = [(row, content.transaction_data(row)) for row in rows if content.include(row)]
    return module, rows, kept


def _tally(binary, name, currency):
    return subprocess.run(
        [binary, "statement", str(FIXTURES / f"{name}.csv"), "--format", "csv",
         "--mapping", str(FIXTURES / f"{name}.mapping.json"), "--currency", currency],
        capture_output=True,
        text=True,
        timeout=60,
    )


def _text(value):
    """Text as Tally keeps it: runs of white space become one space, none at either end."""
    return " ".join((value or "").split())


def test_every_fixture_is_listed():
    names = {path.stem for path in FIXTURES.glob("csv2ofx-*.csv")}
    assert names == set(READ)
    for name in names:
        assert (FIXTURES / f"{name}.mapping.json").exists(), name
    assert (FIXTURES / "csv2ofx-LICENSE").exists()


@pytest.mark.parametrize("name", sorted(READ))
def test_same_reading_as_csv2ofx(name, tally_bin, csv2ofx):
    module, rows, kept = _records(csv2ofx, name)
    tally_mapping = json.loads((FIXTURES / f"{name}.mapping.json").read_text(encoding="utf-8"))
    # Tally is given the currency csv2ofx's mapping states for the whole file; a mapping that
    # reads it from a column (Outbank, Payoneer, Stripe) or states none (csv2ofx's default USD)
    # leaves the default at USD.
    stated = module.mapping.get("currency")
    run = _tally(tally_bin, name, stated if isinstance(stated, str) else "USD")
    assert run.returncode == 0, run.stderr
    statement = json.loads(run.stdout)
    assert statement["format"] == "csv"
    entries = statement["entries"]

    # csv2ofx's mappings drop no row of these files (Schwab keeps only `Posted` rows, Payoneer
    # only rows with an amount: all of them are); Tally reads every row.
    assert len(kept) == len(rows)
    assert len(entries) == len(kept)

    account_from_column = callable(module.mapping.get("account"))
    for number, (mine, (row, theirs)) in enumerate(zip(entries, kept), 1):
        where = f"{name} row {number}"
        assert mine["date"] == theirs["date"].date().isoformat(), where
        if mine["time"] is not None:
            # Stripe's `created` has a time; Tally keeps hours and minutes.
            assert mine["time"] == theirs["date"].strftime("%H:%M"), where
        # Payoneer gives the time in a column of its own, which csv2ofx's mapping joins to the
        # date; a Tally mapping has one date column, so Tally reads the day only. Elsewhere a
        # file without times is midnight to csv2ofx.
        elif name != "csv2ofx-payoneer":
            assert theirs["date"].time() == datetime.time(0), where
        assert Decimal(mine["amount"]) == theirs["amount"], where
        # csv2ofx keeps a currency cell as written (Stripe's `cad`); Tally upper-cases the code.
        assert mine["currency"] == theirs["currency"].upper(), where

        if name in CSV2OFX_READS_NO_PAYEE:
            assert theirs["payee"] is None, where
            assert mine["payee"] == _text(row[CSV2OFX_READS_NO_PAYEE[name]]), where
        elif name == "csv2ofx-ingesp":
            # csv2ofx's ING Spain mapping cuts a known type prefix ("Pago en", "Recibo"…) off the
            # description to make the payee; a Tally mapping names columns and does not edit
            # them, so Tally's payee is the whole description. The mapping's own function, given
            # Tally's payee, must make csv2ofx's.
            assert mine["payee"] == _text(row["desc"]), where
            assert _text(module.get_payee({"desc": mine["payee"]})) == _text(theirs["payee"]), where
        else:
            assert mine["payee"] == _text(theirs["payee"]), where

        if account_from_column:
            assert "account" in tally_mapping, name
            assert statement["accounts"][mine["account"]]["name"] == theirs["account"], where


def test_ingesp_dates_need_dayfirst(csv2ofx):
    """What the csv2ofx command reads from ING Spain's DD/MM/YYYY dates without dayfirst: a day of
    12 or less is taken as the month (08/04/2022, 8 April, becomes 4 August)."""
    _, rows, month_first = _records(csv2ofx, "csv2ofx-ingesp", dayfirst=False)
    _, _, day_first = _records(csv2ofx, "csv2ofx-ingesp", dayfirst=True)
    assert rows[1]["date"] == "08/04/2022"
    assert month_first[1][1]["date"].date() == datetime.date(2022, 8, 4)
    assert day_first[1][1]["date"].date() == datetime.date(2022, 4, 8)
