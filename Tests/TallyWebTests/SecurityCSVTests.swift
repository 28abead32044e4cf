import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import TallyCore
import TallyFiles
import TallyStore
import Testing

/// Text a spreadsheet would run as a formula, as people (or attackers) might type it.
let hostilePayees = [#"=HYPERLINK("http://x")"#, "+1+2", "@SUM(1)", "-2+3", "'quoted already"]

extension API {
    /// CSV exports escape formula-like text cells the OWASP way, keep numbers as numbers, and
    /// Tally's own import reads the export back to the same text.
    @Suite struct SecurityCSV {
        @Test func cellsThatCouldStartAFormulaAreEscapedAndQuoted() {
            #expect(CSVWriter.row([#"=HYPERLINK("http://x")"#]) == #""'=HYPERLINK(""http://x"")""# + "\n")
            #expect(
                CSVWriter.row(["+1+2", "@SUM(1)", "-2+3", "\tx", "\rx"])
                    == "\"'+1+2\",\"'@SUM(1)\",\"'-2+3\",\"'\tx\",\"'\rx\"\n"
            )
            // Numbers stay numbers; ordinary text stays as it was.
            #expect(
                CSVWriter.row(["-12.50", "12.50", "0", "-7", "Coffee, beans", "a=b", ""])
                    == "-12.50,12.50,0,-7,\"Coffee, beans\",a=b,\n"
            )
            for text in ["-", "-.5", "-5.", "+5", "--5", "-1e5", "- 5"] {
                #expect(CSVFormulaGuard.needsEscape(text), "\(text)")
            }
            // Reading back removes exactly the one added mark.
            for text in hostilePayees + ["\tx", "''", "'", "'Tis", "plain"] {
                let line = CSVWriter.row([text])
                var reader = CSVReader(Array(line.utf8))
                let read = try? reader.next()?.fields.first
                #expect(read.map(CSVFormulaGuard.unescape) == text, "\(text) → \(line)")
            }
            #expect(
                CSVFormulaGuard.unescape("'Tis the season") == "'Tis the season",
                "another program's apostrophe is kept"
            )
        }

        @Test(arguments: Backend.all)
        func recordAndReportExportsAreSafeAndReadBack(_ backend: Backend) async throws {
            try await withApp(backend) { client, store in
                let owner = try await makeOwner(client)
                for (i, payee) in hostilePayees.enumerated() {
                    try await addTransaction(
                        client,
                        owner,
                        [
                            "kind": "expense", "amount": "12.50", "date": "2026-03-0\(i + 1)", "payee": payee,
                            "category": "Food", "account": "Cash", "note": "=cmd|' /C calc'!A0",
                        ]
                    )
                }
                let export = try await client.get("\(owner.books)/transactions?format=csv", token: owner.token)
                expectStatus(export, .ok)
                let text = export.text
                #expect(text.contains(#""'=HYPERLINK(""http://x"")""#))
                #expect(
                    text.contains(#",12.50,expense,"'+1+2","#) && text.contains(#""'@SUM(1)""#)
                        && text.contains(#""'-2+3""#)
                )
                #expect(text.contains(#""'=cmd|' /C calc'!A0""#))
                for line in text.split(separator: "\n").dropFirst() {
                    #expect(
                        !line.contains(",=") && !line.contains(",+") && !line.contains(",@") && !line.hasPrefix("="),
                        "\(line)"
                    )
                }

                // The report CSVs (summary and trend) escape the group names the same way.
                let summary = try await client.get(
                    "\(owner.books)/reports/summary?from=2026-03-01&to=2026-03-31&by=payee&format=csv",
                    token: owner.token
                )
                expectStatus(summary, .ok)
                #expect(summary.text.contains(#""'=HYPERLINK(""http://x"")",expense,USD,12.50,1,"#))
                #expect(
                    summary.text.contains(#""'+1+2","#) && summary.text.contains(#""'@SUM(1)","#)
                        && summary.text.contains(#""'-2+3","#)
                )
                let trend = try await client.get(
                    "\(owner.books)/reports/trend?from=2026-03-01&to=2026-03-31&by=payee&interval=month&format=csv",
                    token: owner.token
                )
                expectStatus(trend, .ok)
                #expect(trend.text.contains(#""'@SUM(1)",expense,USD,12.50,12.50"#))

                // Importing the export gives back the very same text.
                let imported = try await client.post(
                    "\(owner.books)/imports",
                    token: owner.token,
                    body: ByteBuffer(string: text),
                    headers: [.contentType: "text/csv"]
                )
                expectStatus(imported, .created)
                let all = try await allTransactions(client, owner)
                for payee in hostilePayees {
                    #expect(all.filter { $0.payee == payee }.count == 2, "\(payee)")
                }
                #expect(all.allSatisfy { $0.note == "=cmd|' /C calc'!A0" })
            }
        }
    }
}
