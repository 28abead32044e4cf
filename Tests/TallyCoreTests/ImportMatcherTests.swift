import Testing

@testable import TallyCore

/// The review's rules without a database: ids, duplicates, transfers.
@Suite struct ImportMatcherTests {
    let day = LocalDate(year: 2026, month: 3, day: 10)!
    func usd(_ minor: Int64) -> Money { Money(minorUnits: minor, currency: .usd) }
    func entry(_ payee: String, _ minor: Int64, id: String? = nil, days: Int = 0) -> StatementEntry {
        StatementEntry(location: "line 1", date: day.adding(days: days), amount: usd(minor), payee: payee, fileID: id)
    }
    func row(_ n: Int, _ payee: String, _ minor: Int64, days: Int = 0, id: String = "x") -> ImportRow {
        ImportRow(
            row: n,
            location: "line \(n)",
            account: 0,
            date: day.adding(days: days),
            time: nil,
            amount: usd(minor),
            payee: payee,
            note: "",
            importedID: id
        )
    }

    @Test("file ids are kept; rows without one get a hash and their ordinal among identical rows")
    func ids() {
        let ids = ImportMatcher.importedIDs([
            entry("Coffee", -450), entry("Coffee", -450), entry("Tea", -450), entry("Bank", 100, id: "FIT1"),
        ])
        #expect(ids[3] == "FIT1")
        #expect(ids[0].hasPrefix("h:") && ids[0].hasSuffix("#1") && ids[1].hasSuffix("#2"))
        #expect(ids[0].dropLast(2) == ids[1].dropLast(2), "the same fields, the same hash")
        #expect(ids[2].hasSuffix("#1") && ids[2] != ids[0])
        #expect(ImportMatcher.importedIDs([entry("Coffee", -450)]) == [ids[0]], "stable across files and runs")
    }

    @Test("payees are similar by shared words, ignoring case, digits and store numbers")
    func similar() {
        #expect(ImportMatcher.similar("POS 4411 STARBUCKS #1234", "Starbucks"))
        #expect(ImportMatcher.similar("", "anything"))
        #expect(!ImportMatcher.similar("Shell", "Safeway"))
    }

    @Test("already imported, then duplicates of typed records, then transfers, else new")
    func review() {
        let account = AccountID(rawValue: 1)
        let other = AccountID(rawValue: 2)
        var rows = [
            row(1, "STARBUCKS", -450, id: "A"), row(2, "STARBUCKS", -450, days: 1, id: "B"),
            row(3, "TRANSFER", -50_000, id: "C"), row(4, "SHELL", -3_000, id: "D"), row(5, "ZERO", 0, id: "E"),
            row(6, "FROM FILE", -700, id: "F"),
        ]
        func candidate(
            _ id: Int64,
            _ kind: TransactionKind,
            _ account: AccountID,
            _ minor: Int64,
            _ payee: String,
            days: Int,
            file: Bool = false
        ) -> ImportCandidate {
            ImportCandidate(
                id: TransactionID(rawValue: id),
                kind: kind,
                accountID: account,
                date: day.adding(days: days),
                amount: usd(minor),
                payee: payee,
                fromFile: file
            )
        }
        ImportMatcher.review(
            &rows,
            accounts: [account],
            imported: ["1|A"],
            candidates: [
                candidate(10, .expense, account, 450, "Starbucks", days: 3),
                candidate(11, .income, other, 50_000, "from checking", days: 2),
                candidate(12, .expense, account, 3_000, "Shell", days: 4),
                candidate(13, .expense, account, 700, "From file", days: 0, file: true),
            ]
        )
        #expect(rows.map(\.status) == [.imported, .duplicate, .transfer, .new, .new, .new])
        #expect(rows.map(\.action) == [.skip, .import, .transfer, .import, .skip, .import])
        #expect(rows[1].matchID?.rawValue == 10 && rows[2].matchID?.rawValue == 11)
        #expect(rows[1].reason.hasSuffix("2 days apart, payee 'Starbucks'"))
        #expect(rows[3].matchID == nil, "4 days apart is too far")
        #expect(rows[5].matchID == nil, "a record from a file is never a fuzzy duplicate")
    }
}
