import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import TallyStore
import TallyWeb
import Testing

/// Bank files over the API: `POST …/imports` stages them, `…/imports/{id}` reviews, changes,
/// commits and undoes them, and `…/import-presets` keeps CSV mappings.
extension API {
    @Suite struct StatementImports {
        struct AccountOut: Decodable {
            let accountId: Int64?, name: String, last4: String, closingBalance: String?, closingDate: String?
        }
        struct BalanceOut: Decodable {
            let account: Int, statement: String, book: String?, difference: String?, date: String
        }
        struct RowOut: Decodable {
            let row: Int, location: String, account: Int, date: String, time: String?, kind: String
            let amount: String, currency: String, payee: String, note: String, categoryId: Int64?, category: String?
            let transferAccount: String, importedId: String, status: String, action: String, matchId: Int64?
            let reason: String, proposed: [String: Int64], transactionId: Int64?
        }
        struct ImportOut: Decodable {
            let id: Int64, format: String, fileName: String, status: String, createdAt: String, expiresAt: String
            let committedAt: String?, accounts: [AccountOut], balances: [BalanceOut]?, counts: [String: Int]?
            let rows: [RowOut]?
        }
        struct UndoOut: Decodable, Equatable { let removed: Int, kept: [Int64], restored: Int }
        struct PresetOut: Decodable { let id: Int64, name: String, header: String }

        /// An OFX statement of account 000123456789 in March 2026: (FITID, day, amount, name).
        static func ofx(_ rows: [(String, Int, String, String)], closing: String = "984.00") -> ByteBuffer {
            let body = rows.map { id, day, amount, name in
                "<STMTTRN><TRNTYPE>OTHER<DTPOSTED>202603\(day < 10 ? "0" : "")\(day)<TRNAMT>\(amount)<FITID>\(id)<NAME>\(name)</STMTTRN>"
            }.joined(separator: "\n")
            return ByteBuffer(
                string: """
                    OFXHEADER:100
                    DATA:OFXSGML
                    VERSION:102

                    <OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>USD
                    <BANKACCTFROM><BANKID>1<ACCTID>000123456789<ACCTTYPE>CHECKING</BANKACCTFROM>
                    <BANKTRANLIST>
                    \(body)
                    </BANKTRANLIST><LEDGERBAL><BALAMT>\(closing)<DTASOF>20260331</LEDGERBAL>
                    </STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>
                    """
            )
        }

        static let march = ofx([
            ("A1", 2, "-4.50", "STARBUCKS"), ("A2", 3, "-11.50", "SAFEWAY"), ("A3", 5, "1000.00", "ACME PAYROLL"),
        ])

        /// A `multipart/form-data` body: the file, then text fields.
        static func multipart(file: String, name: String, fields: [(String, String)]) -> (ByteBuffer, HTTPFields) {
            let boundary = "tally-test-boundary"
            var text = "--\(boundary)\r\nContent-Disposition: form-data; name=\"file\"; filename=\"\(name)\"\r\n"
            text += "Content-Type: application/octet-stream\r\n\r\n\(file)\r\n"
            for (key, value) in fields {
                text += "--\(boundary)\r\nContent-Disposition: form-data; name=\"\(key)\"\r\n\r\n\(value)\r\n"
            }
            text += "--\(boundary)--\r\n"
            return (ByteBuffer(string: text), [.contentType: "multipart/form-data; boundary=\(boundary)"])
        }

        @Test(
            "an OFX is staged, reviewed, changed, committed, found imported again, and undone keeping an edited record",
            arguments: Backend.all
        )
        func ofxRoundTrip(_ backend: Backend) async throws {
            try await withApp(backend) { client, _ in
                let ann = try await makeOwner(client)
                let cafes = try await client.post(
                    "\(ann.books)/categories",
                    token: ann.token,
                    json: json(["name": "Cafés"])
                )
                expectStatus(cafes, .created)
                let staged = try await client.post(
                    "\(ann.books)/imports?account=Checking",
                    token: ann.token,
                    body: Self.march,
                    headers: [.contentType: "application/x-ofx"]
                )
                expectStatus(staged, .created)
                #expect(!staged.text.contains("000123456789") && !staged.text.contains("12345678"), "no account number")
                let first: ImportOut = try staged.decode()
                #expect(first.format == "ofx" && first.status == "staged" && first.committedAt == nil)
                #expect(first.fileName == "statement.ofx")
                #expect(staged.text.contains("\"committed_at\":null"))
                let account = try #require(first.accounts.first)
                #expect(account.name == "Checking" && account.accountId == nil && account.last4 == "6789")
                #expect(account.closingBalance == "984.00" && account.closingDate == "2026-03-31")
                #expect(first.counts == ["new": 3, "imported": 0, "duplicate": 0, "transfer": 0])
                let rows = try #require(first.rows)
                #expect(rows.map(\.amount) == ["-4.50", "-11.50", "1000.00"])
                #expect(rows.map(\.kind) == ["expense", "expense", "income"])
                #expect(rows.allSatisfy { $0.status == "new" && $0.action == "import" && $0.currency == "USD" })
                #expect(rows[0].payee == "STARBUCKS" && rows[0].date == "2026-03-02" && rows[0].importedId == "A1")
                #expect(rows[0].transactionId == nil && rows[0].category == nil && rows[0].row == 1)
                #expect(first.balances?.first?.statement == "984.00" && first.balances?.first?.book == nil)

                // The history lists it without rows; the import itself has them.
                let history = try await client.get("\(ann.books)/imports", token: ann.token)
                expectStatus(history, .ok)
                let listed: [ImportOut] = try history.decode()
                #expect(listed.map(\.id) == [first.id] && listed[0].rows == nil && listed[0].counts == nil)
                let path = "\(ann.books)/imports/\(first.id)"
                let shown: ImportOut = try await client.get(path, token: ann.token).decode()
                #expect(shown.rows?.count == 3)

                // Review: skip SAFEWAY, file STARBUCKS under Cafés.
                let skipped = try await client.patch("\(path)/rows/2", token: ann.token, json: json(["action": "skip"]))
                expectStatus(skipped, .ok)
                #expect(try skipped.decode(RowOut.self).action == "skip")
                let filed = try await client.patch(
                    "\(path)/rows/1",
                    token: ann.token,
                    json: json(["category": "Cafés", "note": "flat white"])
                )
                expectStatus(filed, .ok)
                let row: RowOut = try filed.decode()
                #expect(row.category == "Cafés" && row.categoryId != nil && row.note == "flat white")
                expectProblem(
                    try await client.patch("\(path)/rows/1", token: ann.token, json: json(["action": "maybe"])),
                    .unprocessableContent,
                    field: "action",
                    detailContains: "must be import, skip or transfer"
                )
                expectProblem(
                    try await client.patch("\(path)/rows/1", token: ann.token, json: json(["colour": "red"])),
                    .badRequest
                )
                for missing in ["99", "0", "abc", "-1"] {
                    expectProblem(
                        try await client.patch("\(path)/rows/\(missing)", token: ann.token, json: json(["note": "x"])),
                        .notFound
                    )
                }

                // Commit: two records; the skipped row makes none.
                let commit = try await client.post("\(path)/commit", token: ann.token)
                expectStatus(commit, .ok)
                let committed: ImportOut = try commit.decode()
                #expect(committed.status == "committed" && committed.committedAt != nil)
                let made = try #require(committed.rows)
                #expect(made[0].transactionId != nil && made[1].transactionId == nil && made[2].transactionId != nil)
                #expect(committed.accounts.first?.accountId != nil, "Checking was made")
                // The statement counts SAFEWAY, which was skipped: the book is 11.50 above it.
                #expect(committed.balances?.first?.book == "995.50")
                #expect(committed.balances?.first?.difference == "-11.50")
                var records = try await allTransactions(client, ann)
                #expect(Set(records.map(\.payee)) == ["STARBUCKS", "ACME PAYROLL"])
                #expect(records.first { $0.payee == "STARBUCKS" }?.category == "Cafés")
                expectProblem(try await client.post("\(path)/commit", token: ann.token), .conflict)
                expectProblem(
                    try await client.patch("\(path)/rows/1", token: ann.token, json: json(["action": "skip"])),
                    .conflict,
                    detailContains: "only a staged import's rows can be changed"
                )

                // The same file again: what was stored is found imported; discarding it stores nothing.
                let again = try await client.post("\(ann.books)/imports", token: ann.token, body: Self.march)
                expectStatus(again, .created)
                let second: ImportOut = try again.decode()
                #expect(second.rows?.map(\.status) == ["imported", "new", "imported"])
                #expect(second.accounts.first?.name == "Checking", "the account remembers the number")
                let discarded = try await client.delete("\(ann.books)/imports/\(second.id)", token: ann.token)
                expectStatus(discarded, .ok)
                #expect(try discarded.decode(UndoOut.self) == UndoOut(removed: 0, kept: [], restored: 0))
                expectProblem(try await client.delete("\(ann.books)/imports/\(second.id)", token: ann.token), .conflict)

                // Undo the first: the record edited since stays and is listed.
                let payroll = try #require(records.first { $0.payee == "ACME PAYROLL" })
                expectStatus(
                    try await client.patch(
                        "\(ann.books)/transactions/\(payroll.id)",
                        token: ann.token,
                        json: json(["note": "March"])
                    ),
                    .ok
                )
                let undone = try await client.delete(path, token: ann.token)
                expectStatus(undone, .ok)
                #expect(try undone.decode(UndoOut.self) == UndoOut(removed: 1, kept: [payroll.id], restored: 0))
                records = try await allTransactions(client, ann)
                #expect(records.map(\.payee) == ["ACME PAYROLL"])
                #expect(try await client.get(path, token: ann.token).decode(ImportOut.self).status == "undone")
                for bad in ["abc", "0", "-1", "99999999999999999999", "424242"] {
                    expectProblem(try await client.get("\(ann.books)/imports/\(bad)", token: ann.token), .notFound)
                }
            }
        }

        @Test(
            "a QIF as a multipart upload; a bad file names its line and stores nothing; a bank CSV needs a mapping",
            arguments: Backend.all
        )
        func qifAndRefusals(_ backend: Backend) async throws {
            try await withApp(backend) { client, _ in
                let ann = try await makeOwner(client)
                let qif = "!Type:Bank\nD03/04/2026\nT-12.50\nPCorner Shop\nMbread\n^\nD05/04/2026\nT20.00\nPRefund\n^\n"
                let (body, headers) = Self.multipart(
                    file: qif,
                    name: "cash.qif",
                    fields: [("account", "Wallet"), ("date_order", "DMY")]
                )
                let staged = try await client.post(
                    "\(ann.books)/imports",
                    token: ann.token,
                    body: body,
                    headers: headers
                )
                expectStatus(staged, .created)
                let qifImport: ImportOut = try staged.decode()
                #expect(qifImport.format == "qif" && qifImport.fileName == "cash.qif")
                #expect(qifImport.rows?.map(\.date) == ["2026-04-03", "2026-04-05"])
                #expect(qifImport.rows?.map(\.amount) == ["-12.50", "20.00"])
                #expect(qifImport.rows?.first?.note == "bread" && qifImport.accounts.first?.name == "Wallet")

                // A wrong amount: a 422 naming the line, and nothing staged.
                let bad = try await client.post(
                    "\(ann.books)/imports?format=qif",
                    token: ann.token,
                    body: ByteBuffer(string: "!Type:Bank\nD03/04/2026\nT-12.345\nPX\n^\n")
                )
                expectProblem(
                    bad,
                    .unprocessableContent,
                    field: "line 3",
                    detailContains: "'-12.345' has more decimals"
                )
                let cut = try await client.post(
                    "\(ann.books)/imports?account=Checking",
                    token: ann.token,
                    body: ByteBuffer(string: "OFXHEADER:100\n\n<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>USD\n")
                )
                expectStatus(cut, .unprocessableContent)
                #expect(
                    try await client.get("\(ann.books)/imports", token: ann.token).decode([ImportOut].self).count == 1
                )
                #expect(try await allTransactions(client, ann).isEmpty)

                // A bank CSV without a mapping: 422 on mapping, with the mapping Tally proposes.
                let csv = """
                    Date,Description,Amount
                    2026-03-02,Coffee,-4.50
                    2026-03-03,Refund,12.00
                    """
                let unmapped = try await client.post(
                    "\(ann.books)/imports?account=Checking",
                    token: ann.token,
                    body: ByteBuffer(string: csv),
                    headers: [.contentType: "text/csv"]
                )
                expectProblem(unmapped, .unprocessableContent, field: "mapping", detailContains: "needs a mapping")
                let problem = try #require(
                    try JSONSerialization.jsonObject(with: Data(buffer: unmapped.body)) as? [String: Any]
                )
                let proposed = try #require(problem["proposed_mapping"] as? [String: Any])
                #expect(proposed["date"] as? String == "Date" && proposed["amount"] as? String == "Amount")
                let mapping = #"{"date":"Date","amount":"Amount","payee":"Description"}"#
                let mapped = try await client.post(
                    "\(ann.books)/imports?account=Checking&mapping=\(mapping.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!)",
                    token: ann.token,
                    body: ByteBuffer(string: csv)
                )
                expectStatus(mapped, .created)
                #expect(try mapped.decode(ImportOut.self).rows?.map(\.payee) == ["Coffee", "Refund"])
                // A preset by name, spelt as a form spells a space.
                let saved = try await client.post(
                    "\(ann.books)/import-presets",
                    token: ann.token,
                    json: json([
                        "name": "My bank", "mapping": ["date": "Date", "amount": "Amount", "payee": "Description"],
                    ])
                )
                expectStatus(saved, .created)
                let byName = try await client.post(
                    "\(ann.books)/imports?preset=my+bank&account=Checking",
                    token: ann.token,
                    body: ByteBuffer(string: csv)
                )
                expectStatus(byName, .created)
                #expect(try byName.decode(ImportOut.self).format == "csv")
                let wrongMapping = #"{"date":"Date","amount":"Amount","date_format":"YYYY"}"#
                expectProblem(
                    try await client.post(
                        "\(ann.books)/imports?mapping=\(wrongMapping.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!)",
                        token: ann.token,
                        body: ByteBuffer(string: csv)
                    ),
                    .unprocessableContent,
                    field: "mapping.date_format"
                )
                expectProblem(
                    try await client.post(
                        "\(ann.books)/imports?preset=Nope",
                        token: ann.token,
                        body: ByteBuffer(string: csv)
                    ),
                    .unprocessableContent,
                    field: "preset",
                    detailContains: "no preset named 'Nope'"
                )
                expectProblem(
                    try await client.post("\(ann.books)/imports?format=xls", token: ann.token, body: Self.march),
                    .unprocessableContent,
                    field: "format",
                    detailContains: "must be one of tally, csv, ofx, qif, camt"
                )
                expectProblem(
                    try await client.post(
                        "\(ann.books)/imports?format=qif&date_order=YMD",
                        token: ann.token,
                        body: ByteBuffer(string: qif)
                    ),
                    .unprocessableContent,
                    field: "date_order"
                )
                // Over 20 MiB: refused before it is read.
                var big = ByteBuffer(string: "OFXHEADER:100\n")
                big.writeRepeatingByte(UInt8(ascii: " "), count: 20 * 1024 * 1024)
                expectProblem(
                    try await client.post("\(ann.books)/imports", token: ann.token, body: big),
                    .contentTooLarge,
                    field: "file",
                    detailContains: "20 MiB"
                )
                // Tally's own CSV is still imported directly.
                let tally = try await client.post(
                    "\(ann.books)/imports",
                    token: ann.token,
                    body: ByteBuffer(string: "date,amount,kind,payee\n2026-03-01,3.00,expense,Kiosk\n")
                )
                expectStatus(tally, .created)
                #expect(tally.text.contains("\"imported\":1"))
            }
        }

        @Test("a stranger sees nothing; a viewer reads imports and changes none", arguments: Backend.all)
        func roles(_ backend: Backend) async throws {
            try await withApp(backend, openSignup: true) { client, _ in
                let ann = try await makeOwner(client)
                let staged: ImportOut = try await client.post(
                    "\(ann.books)/imports?account=Checking",
                    token: ann.token,
                    body: Self.march
                ).decode()
                let path = "\(ann.books)/imports/\(staged.id)"
                let eve = try await makeOwner(client, email: "eve@example.com")
                for response in [
                    try await client.get("\(ann.books)/imports", token: eve.token),
                    try await client.get(path, token: eve.token),
                    try await client.patch("\(path)/rows/1", token: eve.token, json: json(["action": "skip"])),
                    try await client.post("\(path)/commit", token: eve.token),
                    try await client.delete(path, token: eve.token),
                    try await client.post("\(ann.books)/imports", token: eve.token, body: Self.march),
                    try await client.get("\(eve.books)/imports/\(staged.id)", token: eve.token),
                    try await client.get("\(ann.books)/import-presets", token: eve.token),
                ] {
                    expectProblem(response, .notFound)
                }
                let vic = try await makeOwner(client, email: "vic@example.com")
                try await join(client, ann, vic, as: "viewer")
                expectStatus(try await client.get("\(ann.books)/imports", token: vic.token), .ok)
                expectStatus(try await client.get(path, token: vic.token), .ok)
                expectStatus(try await client.get("\(ann.books)/import-presets", token: vic.token), .ok)
                for response in [
                    try await client.patch("\(path)/rows/1", token: vic.token, json: json(["action": "skip"])),
                    try await client.post("\(path)/commit", token: vic.token),
                    try await client.delete(path, token: vic.token),
                    try await client.post("\(ann.books)/imports", token: vic.token, body: Self.march),
                    try await client.post(
                        "\(ann.books)/import-presets",
                        token: vic.token,
                        json: json(["name": "x", "mapping": ["date": "Date", "amount": "Amount"]])
                    ),
                    try await client.delete("\(ann.books)/import-presets/1", token: vic.token),
                ] {
                    expectProblem(response, .forbidden, detailContains: "viewers cannot change this book")
                }
                let still: ImportOut = try await client.get(path, token: ann.token).decode()
                #expect(still.status == "staged" && still.rows?.allSatisfy { $0.action == "import" } == true)
            }
        }

        @Test(
            "presets: saved with a checked mapping, used by name, listed, replaced and deleted",
            arguments: Backend.all
        )
        func presets(_ backend: Backend) async throws {
            try await withApp(backend) { client, _ in
                let ann = try await makeOwner(client)
                let presets = "\(ann.books)/import-presets"
                let mapping: [String: Any] = [
                    "delimiter": ";", "skip_lines": 2, "date": "Buchungstag", "date_format": "DD.MM.YYYY",
                    "amount": "Betrag", "decimal_separator": ",", "payee": "Empfänger",
                    "note": ["Verwendungszweck", "Info"], "currency": "Währung", "id": "Referenz",
                ]
                let header = "Buchungstag;Valuta;Empfänger;Verwendungszweck;Info;Kategorie;Betrag;Währung;Referenz"
                let saved = try await client.post(
                    presets,
                    token: ann.token,
                    json: json(["name": "Sparkasse", "mapping": mapping, "header": header])
                )
                expectStatus(saved, .created)
                let preset: PresetOut = try saved.decode()
                #expect(preset.name == "Sparkasse" && preset.header == header)
                let object = try #require(
                    try JSONSerialization.jsonObject(with: Data(buffer: saved.body)) as? [String: Any]
                )
                let stored = try #require(object["mapping"] as? [String: Any])
                #expect(stored["date"] as? String == "Buchungstag" && stored["skip_lines"] as? Int == 2)
                #expect(stored["note"] as? [String] == ["Verwendungszweck", "Info"])
                let listed: [PresetOut] = try await client.get(presets, token: ann.token).decode()
                #expect(listed.map(\.id) == [preset.id])

                expectProblem(
                    try await client.post(
                        presets,
                        token: ann.token,
                        json: json(["name": "Bad", "mapping": ["amount": "x"]])
                    ),
                    .unprocessableContent,
                    field: "mapping.date"
                )
                expectProblem(
                    try await client.post(presets, token: ann.token, json: json(["name": "Bad", "mapping": "x"])),
                    .unprocessableContent,
                    field: "mapping"
                )
                expectProblem(
                    try await client.post(presets, token: ann.token, json: json(["name": "", "mapping": mapping])),
                    .unprocessableContent,
                    field: "name"
                )
                expectProblem(
                    try await client.post(presets, token: ann.token, json: json(["name": "x", "colour": "red"])),
                    .badRequest
                )
                expectProblem(try await client.post(presets, token: ann.token), .badRequest)

                // The German bank's file, read through the preset by name.
                let csv = """
                    Kontoumsätze Girokonto DE89 3704 0044 0532 0130 00
                    Zeitraum: 01.03.2026 - 31.03.2026
                    \(header)
                    02.03.2026;02.03.2026;Stadtwerke;Abschlag Strom;Lastschrift;Wohnen;-85,00;EUR;REF-0001
                    25.03.2026;25.03.2026;ACME GmbH;Gehalt;Gutschrift;Einkommen;3.250,00;EUR;REF-0003
                    """
                let staged = try await client.post(
                    "\(ann.books)/imports?preset=sparkasse&account=Giro",
                    token: ann.token,
                    body: ByteBuffer(string: csv)
                )
                expectStatus(staged, .created)
                let rows = try #require(try staged.decode(ImportOut.self).rows)
                #expect(rows.map(\.amount) == ["-85.00", "3250.00"] && rows.allSatisfy { $0.currency == "EUR" })
                #expect(rows.map(\.importedId) == ["REF-0001", "REF-0003"])

                // The same name replaces it; delete, then 404.
                let replaced: PresetOut = try await client.post(
                    presets,
                    token: ann.token,
                    json: json(["name": "Sparkasse", "mapping": ["date": "Datum", "amount": "Betrag"]])
                ).decode()
                #expect(replaced.id == preset.id && replaced.header == "")
                expectStatus(try await client.delete("\(presets)/\(preset.id)", token: ann.token), .noContent)
                expectProblem(try await client.delete("\(presets)/\(preset.id)", token: ann.token), .notFound)
                expectProblem(try await client.delete("\(presets)/abc", token: ann.token), .notFound)
                #expect(try await client.get(presets, token: ann.token).decode([PresetOut].self).isEmpty)
            }
        }
    }
}
