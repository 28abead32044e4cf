"""Oracle test: Tally's CAMT.053 reader against the PyPI package pycamt on real camt.053 files.

Runs `$TALLY_BIN statement FILE --format camt` on every real fixture in
Tests/TallyFilesTests/Fixtures/camt (see SOURCES.md there: versions .02, .03, .04 and .08, two
batch bookings, a reversal) and compares, entry by entry, the amount (as Decimal) and its sign,
the day, the reference and the counterparty's name, and per account the IBAN and the closing
booked balance, with what pycamt's Camt053Parser reads from the same file.

Skipped when TALLY_BIN is unset or pycamt is not installed, except under CI=true, where that
is a failure. `pip install pycamt pytest`, then
`TALLY_BIN=.build/debug/tally pytest Tests/imports/test_camt_oracle.py`.
"""

import json
import os
import subprocess
from decimal import Decimal
from pathlib import Path

import pytest
from conftest import require

FIXTURES = Path(__file__).resolve().parent.parent / "TallyFilesTests" / "Fixtures" / "camt"
READ = sorted(path.name for path in FIXTURES.glob("*.xml"))






@pytest.fixture(scope="module")
def parser_class():
    try:
        from pycamt.parser import Camt053Parser
    except ImportError:
        Camt053Parser = None
    require(Camt053Parser is not None, "pycamt is not installed: pip install pycamt")
    return Camt053Parser


def _tally(binary, path):
    return subprocess.run(
        [binary, "statement", str(path), "--format", "camt"],
        capture_output=True,
        text=True,
        timeout=60,
    )


def _signed(amount, indicator):
    value = Decimal(amount)
    return -value if indicator == "DBIT" else value


def _payee(row, credit, reversal):
    """The counterparty as Tally names it, from pycamt's creditor and debtor names: the creditor
    of money going out, the debtor of money coming in; a reversal names its original payment's
    party, and takes the other one when the file names only that."""
    first, other = ("DebtorName", "CreditorName") if credit != reversal else ("CreditorName", "DebtorName")
    name = row.get(first) or (row.get(other) if reversal else None)
    return " ".join((name or "").split())


def _text(element, path, parser):
    found = element.find(path, parser.namespaces)
    return found.text if found is not None else None


def _expected(parser, path):
    """What pycamt reads, shaped as Tally's entries: one per Ntry, or one per TxDtls of a batch
    whose details all state amounts adding up to the entry."""
    entries = []
    for statement in parser._find_statements_or_reports():
        for ntry in statement.findall(".//Ntry", parser.namespaces):
            # pycamt's per-Ntry fields. Its get_transactions() merges each TxDtls over them and so
            # reports a single TxDtls's own Amt as the entry's amount (genkgo's v8 file states
            # "0" SEK there, against 8.85 EUR booked): the entry's amount is taken from here.
            common = parser._extract_common_entry_data(ntry, statement)
            if common["Status"] in ("PDNG", "INFO"):
                continue
            rows = parser._extract_transaction(ntry, statement)
            details = ntry.findall(".//NtryDtls//TxDtls", parser.namespaces)
            amount = _signed(common["Amount"], common["CreditDebitIndicator"])
            credit = common["CreditDebitIndicator"] == "CRDT"
            reversal = common["ReversalIndicator"] == "true"
            # pycamt reads the first descendant of BookgDt (Dt or DtTm); Tally takes the local day.
            day = (common["BookingDate"] or common["ValueDate"])[:10]
            # pycamt does not read NtryRef, which Tally uses when AcctSvcrRef is missing; and its
            # `.//AcctSvcrRef` would find a TxDtls's reference when the Ntry has none of its own.
            own_ref = ntry.find("AcctSvcrRef", parser.namespaces)
            ntry_ref = ntry.find("NtryRef", parser.namespaces)
            reference = common["TransactionID"] if own_ref is not None else None
            if reference is None and ntry_ref is not None:
                reference = ntry_ref.text
            base = {"date": day, "reversal": reversal}
            split = len(details) > 1 and all(
                "Amount" in parser._extract_transaction_details(tx) for tx in details
            )
            if split:
                parts = [_signed(row["Amount"], row["CreditDebitIndicator"]) for row in rows]
                split = sum(parts) == amount
            if split:
                for index, row in enumerate(rows):
                    part_credit = row["CreditDebitIndicator"] == "CRDT"
                    entries.append(
                        dict(
                            base,
                            amount=parts[index],
                            payee=_payee(row, part_credit, reversal),
                            batch=reference,
                            # pycamt does not read a TxDtls's Refs/AcctSvcrRef, which Tally
                            # prefers to EndToEndId: read it here beside pycamt's fields.
                            servicer=_text(details[index], "./Refs/AcctSvcrRef", parser),
                            end_to_end=row.get("EndToEndId"),
                            ordinal=index + 1,
                            memo=row.get("RemittanceInformationFull") or row.get("RemittanceInformation"),
                        )
                    )
                continue
            payees = {_payee(row, credit, reversal) for row in rows} if details else {""}
            memo = None
            if len(details) == 1:
                memo = rows[0].get("RemittanceInformationFull") or rows[0].get("RemittanceInformation")
            entries.append(
                dict(
                    base,
                    amount=amount,
                    payee=payees.pop() if len(payees) == 1 else "",
                    reference=reference,
                    memo=memo,
                )
            )
    return entries


def _check_reference(got, want, path, index):
    if "batch" not in want:
        assert got["file_id"] == want["reference"], f"{path} entry {index}: reference"
        return
    if want["batch"] is None:
        assert got["file_id"] is None, f"{path} entry {index}: a batch entry without a reference"
        return
    prefix, _, suffix = got["file_id"].partition("/")
    assert prefix == want["batch"], f"{path} entry {index}: batch reference"
    # Tally takes the TxDtls's AcctSvcrRef, else its EndToEndId, else (also when the reference
    # repeats within the batch) the ordinal.
    assert suffix in {want["servicer"], want["end_to_end"], str(want["ordinal"])}, f"{path} entry {index}: {suffix}"


@pytest.mark.parametrize("name", READ)
def test_entries_match_pycamt(name, tally_bin, parser_class):
    path = FIXTURES / name
    result = _tally(tally_bin, path)
    assert result.returncode == 0, f"{name}: {result.stderr}"
    statement = json.loads(result.stdout)
    assert statement["format"] == "camt"
    parser = parser_class.from_file(path)
    expected = _expected(parser, path)
    got = statement["entries"]
    assert len(got) == len(expected), f"{name}: {len(got)} entries, pycamt gives {len(expected)}"
    for index, (entry, want) in enumerate(zip(got, expected), start=1):
        assert Decimal(entry["amount"]) == want["amount"], f"{name} entry {index}: amount"
        assert entry["date"] == want["date"], f"{name} entry {index}: date"
        assert entry["payee"] == want["payee"], f"{name} entry {index}: payee"
        assert (entry["type"] == "reversal") == want["reversal"], f"{name} entry {index}: reversal"
        if want["memo"]:
            assert entry["memo"] == " ".join(want["memo"].split()), f"{name} entry {index}: memo"
        _check_reference(entry, want, name, index)
    _check_accounts(statement, parser, name)


def _check_accounts(statement, parser, name):
    numbers = [account["number"] for account in statement["accounts"]]
    latest = {}
    for info in parser.get_statement_info():
        assert info["IBAN"] is None or info["IBAN"] in numbers, f"{name}: IBAN {info['IBAN']}"
        if info["IBAN"] and info["ClosingBalance"] is not None:
            latest[info["IBAN"]] = info
    for account in statement["accounts"]:
        info = latest.get(account["number"])
        if info is None:
            continue
        # pycamt writes a debit balance through float ("-27.0"): exact at these sizes.
        assert Decimal(account["closing_balance"]) == Decimal(info["ClosingBalance"]), f"{name}: balance"
        assert account["closing_date"] == info["ClosingBalanceDate"][:10], f"{name}: balance day"


def test_refused_files_exit_65(tally_bin, tmp_path):
    xxe = tmp_path / "xxe.xml"
    xxe.write_text(
        '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]>'
        '<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02">&e;</Document>'
    )
    result = _tally(tally_bin, xxe)
    assert result.returncode == 65
    assert result.stderr.strip() == "error: file: the file declares a DTD or entities, which Tally does not read"
    assert "root:" not in result.stdout + result.stderr
