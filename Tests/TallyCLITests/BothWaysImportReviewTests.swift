import Foundation
import Testing

/// `tally import`'s review, run twice with the same expected output, whole: on a local data
/// folder and against a real `tally serve` (see `BothWays`).
@Suite("tally import's review both ways", .serialized)
struct BothWaysImportReviewTests {
    @Test("a review's categories: the file's, a new one, one a rule files", arguments: CLIMode.allCases)
    func categories(_ mode: CLIMode) throws {
        let tally = try BothWays(mode)
        defer { tally.cleanUp() }
        try tally.setUp()
        #expect(
            try tally.run(["rules", "add", "--payee-contains", "shell", "--set-category", "Auto:Fuel"]).status == 0
        )
        let csv = try tally.write(
            "b.csv",
            "Date,Amount,Payee,Category\n03/14/2026,-4.50,Coffee,Treats\n03/15/2026,-30.00,Shell,\n"
                + "03/16/2026,-9.00,Bakery,Food\n"
        )
        let mapping = try tally.write(
            "m.json",
            #"{"date": "Date", "date_format": "MM/DD/YYYY", "amount": "Amount", "payee": "Payee", "category": "Category"}"#
        )
        #expect(
            try tally.run(["import", csv, "--account", "Cash", "--mapping", mapping])
                == .init(
                    status: 0,
                    stdout: """
                        Row  Date         Amount  Payee   Category      Account  Status  Action  Why
                        ---  ----------  -------  ------  ------------  -------  ------  ------  ---
                          1  2026-03-14   -$4.50  Coffee  Treats (new)  Cash     new     import
                          2  2026-03-15  -$30.00  Shell   Auto:Fuel     Cash     new     import
                          3  2026-03-16   -$9.00  Bakery  Food          Cash     new     import
                        3 rows: 3 new, 0 already imported, 0 possible duplicates, 0 transfers (import 1).
                        Nothing was stored: run again with --yes to import.

                        """,
                    stderr: ""
                )
        )
    }

    @Test("a QIF split is one row whose category cell names its lines", arguments: CLIMode.allCases)
    func qifSplit(_ mode: CLIMode) throws {
        let tally = try BothWays(mode)
        defer { tally.cleanUp() }
        try tally.setUp()
        let qif = try tally.write(
            "c.qif",
            "!Type:CCard\nD3/14'26\nT-52.50\nPCostco\nSFood:Groceries\n$-40.00\nSHousehold\n$-12.50\n^\n"
                + "D3/15'26\nT-9.00\nPKiosk\nS\n$-4.00\nSFood\n$-5.00\n^\n"
        )
        #expect(
            try tally.run(["import", qif, "--account", "Cash", "--yes"])
                == .init(
                    status: 0,
                    stdout: """
                        Row  Date         Amount  Payee   Category                          Account  Status  Action  Why
                        ---  ----------  -------  ------  --------------------------------  -------  ------  ------  ---
                          1  2026-03-14  -$52.50  Costco  split: Food:Groceries, Household  Cash     new     import
                          2  2026-03-15   -$9.00  Kiosk   split: Uncategorised, Food        Cash     new     import
                        2 rows: 2 new, 0 already imported, 0 possible duplicates, 0 transfers (import 1).
                        Imported 2 records (import 1; undo with `tally import --undo 1`).

                        """,
                    stderr: ""
                )
        )
        #expect(try tally.run(["list"]).stdout.contains("Food:Groceries 40.00 + Household 12.50"))
    }

    static let ofx =
        "OFXHEADER:100\nDATA:OFXSGML\nVERSION:102\n\n<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>USD\n"
        + "<BANKACCTFROM><BANKID>1<ACCTID>000123456789<ACCTTYPE>CHECKING</BANKACCTFROM><BANKTRANLIST>\n"
        + "<STMTTRN><TRNTYPE>POS<DTPOSTED>20260302<TRNAMT>-4.50<FITID>A1<NAME>STARBUCKS</STMTTRN>\n"
        + "<STMTTRN><TRNTYPE>POS<DTPOSTED>20260303<TRNAMT>-11.50<FITID>A2<NAME>SAFEWAY</STMTTRN>\n"
        + "</BANKTRANLIST><LEDGERBAL><BALAMT>-16.00<DTASOF>20260331</LEDGERBAL></STMTRS></STMTTRNRS>"
        + "</BANKMSGSRSV1></OFX>\n"

    @Test(
        "an OFX statement: its balance against the book's, rows already imported skipped",
        arguments: CLIMode.allCases
    )
    func balances(_ mode: CLIMode) throws {
        let tally = try BothWays(mode)
        defer { tally.cleanUp() }
        try tally.setUp()
        let file = try tally.write("a.ofx", Self.ofx)
        #expect(
            try tally.run(["import", file, "--account", "Debit Card", "--yes"]).stdout == """
                Row  Date         Amount  Payee      Category  Account     Status  Action  Why
                ---  ----------  -------  ---------  --------  ----------  ------  ------  ---
                  1  2026-03-02   -$4.50  STARBUCKS            Debit Card  new     import
                  2  2026-03-03  -$11.50  SAFEWAY              Debit Card  new     import
                2 rows: 2 new, 0 already imported, 0 possible duplicates, 0 transfers (import 1).
                Debit Card on 2026-03-31: the statement says -$16.00, the book $0.00, a difference of -$16.00.
                Imported 2 records (import 1; undo with `tally import --undo 1`).

                """
        )
        #expect(
            try tally.run(["import", file, "--account", "Debit Card", "--dry-run"]).stdout == """
                Row  Date         Amount  Payee      Category  Account     Status            Action  Why
                ---  ----------  -------  ---------  --------  ----------  ----------------  ------  -----------------------------
                  1  2026-03-02   -$4.50  STARBUCKS            Debit Card  already imported  skip    already imported (file id A1)
                  2  2026-03-03  -$11.50  SAFEWAY              Debit Card  already imported  skip    already imported (file id A2)
                2 rows: 0 new, 2 already imported, 0 possible duplicates, 0 transfers (import 2).
                Debit Card on 2026-03-31: the statement says -$16.00, the book -$16.00, which agree.
                Nothing was stored (--dry-run).

                """
        )
    }
}

extension BothWays {
    /// Writes `text` to a file of the data folder: its path.
    func write(_ name: String, _ text: String) throws -> String {
        let file = cli.dataFolder.appendingPathComponent(name)
        try text.write(to: file, atomically: true, encoding: .utf8)
        return file.path
    }
}
