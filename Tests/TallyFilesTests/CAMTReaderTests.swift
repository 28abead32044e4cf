import Foundation
import TallyCore
import Testing

@testable import TallyFiles

private let eur = Currency(code: "EUR")!
private let chf = Currency(code: "CHF")!

private func money(_ minorUnits: Int64, _ currency: Currency = eur) -> Money {
    Money(minorUnits: minorUnits, currency: currency)
}

private func day(_ text: String) -> LocalDate { LocalDate(text)! }

/// A camt.053 document of `version` with one Stmt holding `body` (Acct, Bal, Ntry elements).
private func camt(_ body: String, version: String = "02", account: String = defaultAccount) -> [UInt8] {
    Array(
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.\(version)">
          <BkToCstmrStmt>
            <GrpHdr><MsgId>M1</MsgId><CreDtTm>2026-03-02T08:00:00</CreDtTm></GrpHdr>
            <Stmt>
              <Id>S1</Id>
              \(account)
              \(body)
            </Stmt>
          </BkToCstmrStmt>
        </Document>
        """.utf8
    )
}

private let defaultAccount = """
    <Acct><Id><IBAN>DE89370400440532013000</IBAN></Id><Ccy>EUR</Ccy><Nm>Giro</Nm></Acct>
    """

private func ntry(
    _ amount: String = "12.50",
    _ indicator: String = "DBIT",
    extra: String = "",
    details: String = ""
) -> String {
    """
    <Ntry>
      <NtryRef>N-1</NtryRef>
      <Amt Ccy="EUR">\(amount)</Amt>
      <CdtDbtInd>\(indicator)</CdtDbtInd>
      \(extra)
      <Sts>BOOK</Sts>
      <BookgDt><Dt>2026-03-01</Dt></BookgDt>
      <ValDt><Dt>2026-03-02</Dt></ValDt>
      <AcctSvcrRef>REF-1</AcctSvcrRef>
      \(details)
    </Ntry>
    """
}

private func readError(_ bytes: [UInt8]) -> StatementError? {
    do {
        _ = try CAMTReader.read(bytes)
        return nil
    } catch {
        return error
    }
}

@Suite("CAMT.053 reader")
struct CAMTReaderTests {
    @Test("a debit with one TxDtls: creditor, remittance lines joined, ids and balance")
    func debitVersion02() throws {
        let body = """
            <Bal><Tp><CdOrPrtry><Cd>OPBD</Cd></CdOrPrtry></Tp><Amt Ccy="EUR">100.00</Amt>
              <CdtDbtInd>CRDT</CdtDbtInd><Dt><Dt>2026-02-28</Dt></Dt></Bal>
            <Bal><Tp><CdOrPrtry><Cd>CLBD</Cd></CdOrPrtry></Tp><Amt Ccy="EUR">87.50</Amt>
              <CdtDbtInd>CRDT</CdtDbtInd><Dt><Dt>2026-03-01</Dt></Dt></Bal>
            \(ntry(details: """
                <NtryDtls><TxDtls>
                  <RltdPties><Dbtr><Nm>Me</Nm></Dbtr><Cdtr><Nm>Bakery   Miller</Nm></Cdtr></RltdPties>
                  <RmtInf><Ustrd>Bread and</Ustrd><Ustrd>
                     rolls</Ustrd></RmtInf>
                </TxDtls></NtryDtls>
                """))
            """
        let statement = try CAMTReader.read(camt(body))
        #expect(statement.format == .camt)
        #expect(
            statement.accounts == [
                StatementAccount(
                    number: "DE89370400440532013000",
                    name: "Giro",
                    currency: eur,
                    closingBalance: money(8750),
                    closingDate: day("2026-03-01")
                )
            ]
        )
        #expect(
            statement.entries == [
                StatementEntry(
                    location: "Stmt 1, Ntry 1",
                    date: day("2026-03-01"),
                    amount: money(-1250),
                    payee: "Bakery Miller",
                    memo: "Bread and rolls",
                    fileID: "REF-1"
                )
            ]
        )
    }

    @Test("a credit in version .08: the debtor inside Pty, DtTm's local date and time, NtryRef as id")
    func creditVersion08() throws {
        let body = """
            <Ntry>
              <NtryRef>NREF-7</NtryRef>
              <Amt Ccy="EUR">2500.00000</Amt>
              <CdtDbtInd>CRDT</CdtDbtInd>
              <Sts><Cd>BOOK</Cd></Sts>
              <BookgDt><DtTm>2026-03-31T23:30:00-05:00</DtTm></BookgDt>
              <BkTxCd><Domn><Cd>PMNT</Cd><Fmly><Cd>RCDT</Cd><SubFmlyCd>ESCT</SubFmlyCd></Fmly></Domn></BkTxCd>
              <NtryDtls><TxDtls>
                <RltdPties>
                  <Dbtr><Pty><Nm>ACME GmbH</Nm></Pty></Dbtr>
                  <Cdtr><Pty><Nm>Me</Nm></Pty></Cdtr>
                </RltdPties>
                <RmtInf><Strd><CdtrRefInf><Ref>RF18539007547034</Ref></CdtrRefInf></Strd></RmtInf>
              </TxDtls></NtryDtls>
            </Ntry>
            """
        let statement = try CAMTReader.read(camt(body, version: "08"))
        #expect(
            statement.entries == [
                StatementEntry(
                    location: "Stmt 1, Ntry 1",
                    date: day("2026-03-31"),
                    time: TimeOfDay("23:30"),
                    amount: money(250_000),
                    payee: "ACME GmbH",
                    memo: "RF18539007547034",
                    fileID: "NREF-7",
                    type: "PMNT/RCDT/ESCT"
                )
            ]
        )
    }

    @Test("ValDt stands in for a missing BookgDt; AddtlNtryInf is the memo without details")
    func valueDateAndEntryInfo() throws {
        let body = """
            <Ntry><Amt Ccy="EUR">3.00</Amt><CdtDbtInd>DBIT</CdtDbtInd><ValDt><Dt>2026-04-02</Dt></ValDt>
              <AddtlNtryInf>Account   fee</AddtlNtryInf></Ntry>
            """
        let entry = try #require(try CAMTReader.read(camt(body)).entries.first)
        #expect(entry.date == day("2026-04-02"))
        #expect(entry.memo == "Account fee")
        #expect(entry.fileID == nil)
        #expect(entry.amount == money(-300))
    }

    @Test("a batch becomes one entry per TxDtls with its own amount, sign, payee, memo and id")
    func batch() throws {
        let details = """
            <NtryDtls>
              <Btch><NbOfTxs>3</NbOfTxs></Btch>
              <TxDtls><Refs><EndToEndId>E2E-A</EndToEndId></Refs>
                <AmtDtls><TxAmt><Amt Ccy="EUR">30.00</Amt></TxAmt></AmtDtls>
                <RltdPties><Cdtr><Nm>Power Co</Nm></Cdtr></RltdPties><RmtInf><Ustrd>Power March</Ustrd></RmtInf>
              </TxDtls>
              <TxDtls><Refs><AcctSvcrRef>SVC-B</AcctSvcrRef><EndToEndId>E2E-B</EndToEndId></Refs>
                <Amt Ccy="EUR">25.00</Amt><CdtDbtInd>DBIT</CdtDbtInd>
                <RltdPties><Cdtr><Nm>Water Co</Nm></Cdtr></RltdPties><AddtlTxInf>Water Q1</AddtlTxInf>
              </TxDtls>
              <TxDtls><Refs><EndToEndId>NOTPROVIDED</EndToEndId></Refs>
                <Amt Ccy="EUR">5.00</Amt><CdtDbtInd>CRDT</CdtDbtInd>
                <RltdPties><Dbtr><Nm>Power Co</Nm></Dbtr></RltdPties>
              </TxDtls>
            </NtryDtls>
            """
        let body = ntry("50.00", extra: "<AddtlNtryInf>Collective debit</AddtlNtryInf>", details: details)
        let entries = try CAMTReader.read(camt(body)).entries
        #expect(entries.map(\.amount) == [money(-3000), money(-2500), money(500)])
        #expect(entries.map(\.payee) == ["Power Co", "Water Co", "Power Co"])
        #expect(entries.map(\.memo) == ["Power March", "Water Q1", "Collective debit"])
        #expect(entries.map(\.fileID) == ["REF-1/E2E-A", "REF-1/SVC-B", "REF-1/3"])
        #expect(
            entries.map(\.location) == [
                "Stmt 1, Ntry 1, TxDtls 1", "Stmt 1, Ntry 1, TxDtls 2", "Stmt 1, Ntry 1, TxDtls 3",
            ]
        )
        #expect(entries.allSatisfy { $0.date == day("2026-03-01") })
    }

    @Test("a batch whose details lack amounts, or do not add up, stays one entry")
    func batchKeptWhole() throws {
        let noAmounts = """
            <NtryDtls>
              <TxDtls><RltdPties><Cdtr><Nm>A</Nm></Cdtr></RltdPties><RmtInf><Ustrd>one</Ustrd></RmtInf></TxDtls>
              <TxDtls><RltdPties><Cdtr><Nm>B</Nm></Cdtr></RltdPties><RmtInf><Ustrd>two</Ustrd></RmtInf></TxDtls>
            </NtryDtls>
            """
        let whole = try CAMTReader.read(camt(ntry("40.00", details: noAmounts))).entries
        #expect(whole.count == 1)
        #expect(whole[0].amount == money(-4000))
        #expect(whole[0].payee == "")
        #expect(whole[0].memo == "one; two")
        #expect(whole[0].fileID == "REF-1")

        let wrongSum = """
            <NtryDtls><TxDtls><Amt Ccy="EUR">10.00</Amt></TxDtls><TxDtls><Amt Ccy="EUR">10.00</Amt></TxDtls></NtryDtls>
            """
        let kept = try CAMTReader.read(camt(ntry("40.00", details: wrongSum))).entries
        #expect(kept.map(\.amount) == [money(-4000)])
    }

    @Test("a batch's details sharing one reference take their ordinals as ids")
    func batchSharedReference() throws {
        let details = """
            <NtryDtls>
              <TxDtls><Refs><AcctSvcrRef>PKG</AcctSvcrRef></Refs><Amt Ccy="EUR">1.00</Amt></TxDtls>
              <TxDtls><Refs><AcctSvcrRef>PKG</AcctSvcrRef></Refs><Amt Ccy="EUR">2.00</Amt></TxDtls>
            </NtryDtls>
            """
        let entries = try CAMTReader.read(camt(ntry("3.00", "CRDT", details: details))).entries
        #expect(entries.map(\.fileID) == ["REF-1/1", "REF-1/2"])
        #expect(entries.map(\.amount) == [money(100), money(200)])
    }

    @Test("a reversal keeps the sign CdtDbtInd gives; its payee is the reversed payment's counterparty")
    func reversal() throws {
        let details = """
            <NtryDtls><TxDtls><RltdPties><Cdtr><Nm>Gym Ltd</Nm></Cdtr></RltdPties></TxDtls></NtryDtls>
            """
        let entry = try #require(
            try CAMTReader.read(camt(ntry("19.99", "CRDT", extra: "<RvslInd>true</RvslInd>", details: details)))
                .entries.first
        )
        #expect(entry.amount == money(1999))
        #expect(entry.payee == "Gym Ltd")
        #expect(entry.type == "reversal")
    }

    @Test("pending and information-only entries are left out")
    func pending() throws {
        let pending = ntry("1.00").replacingOccurrences(of: "<Sts>BOOK</Sts>", with: "<Sts><Cd>PDNG</Cd></Sts>")
        let statement = try CAMTReader.read(camt(pending + ntry("2.00")))
        #expect(statement.entries.map(\.amount) == [money(-200)])
        #expect(statement.entries.map(\.location) == ["Stmt 1, Ntry 2"])
    }

    @Test("several Stmt give several accounts; Othr/Id and Ownr/Nm name them")
    func severalStatements() throws {
        let bytes = Array(
            """
            <Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.04"><BkToCstmrStmt>
              <Stmt><Acct><Id><IBAN>CH9300762011623852957</IBAN></Id><Ccy>CHF</Ccy></Acct>
                <Ntry><Amt Ccy="CHF">5.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><BookgDt><Dt>2026-01-02</Dt></BookgDt></Ntry>
              </Stmt>
              <Stmt><Acct><Id><Othr><Id>0012345</Id></Othr></Id><Ownr><Nm>Jane Doe</Nm></Ownr></Acct>
                <Ntry><Amt Ccy="JPY">300</Amt><CdtDbtInd>DBIT</CdtDbtInd><BookgDt><Dt>2026-01-03</Dt></BookgDt></Ntry>
              </Stmt>
            </BkToCstmrStmt></Document>
            """.utf8
        )
        let statement = try CAMTReader.read(bytes)
        #expect(
            statement.accounts == [
                StatementAccount(number: "CH9300762011623852957", currency: chf),
                StatementAccount(number: "0012345", name: "Jane Doe"),
            ]
        )
        #expect(statement.entries.map(\.account) == [0, 1])
        #expect(statement.entries[1].amount == Money(minorUnits: -300, currency: Currency(code: "JPY")!))
    }

    @Test("every version .02 to .08 is read; other messages and versions are refused")
    func versions() throws {
        for version in ["02", "03", "04", "05", "06", "07", "08"] {
            #expect(try CAMTReader.read(camt(ntry(), version: version)).entries.count == 1)
        }
        let report = Array(
            "<Document xmlns=\"urn:iso:std:iso:20022:tech:xsd:camt.052.001.02\"><BkToCstmrAcctRpt/></Document>".utf8
        )
        #expect(readError(report)?.location == "Document")
        #expect(readError(report)?.message.hasPrefix("is camt.052 (an intraday account report)") == true)
        #expect(
            readError(camt(ntry(), version: "10"))
                == StatementError("Document", "is camt.053 version .10; Tally reads versions .02 to .08")
        )
        #expect(readError(Array("<Document><BkToCstmrStmt/></Document>".utf8))?.location == "Document")
        #expect(readError(Array("<html><body/></html>".utf8))?.location == "line 1")
    }
}
