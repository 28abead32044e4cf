import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import TallyCore
import TallyStore
import Testing

@testable import TallyWeb

/// Signs up through the form; the browser (signed in), the user and the book id.
func importPagesBrowser(
    _ client: Client,
    _ store: Store,
    email: String = "ann@example.com"
) async throws -> (Browser, User, BookID) {
    let browser = Browser(client)
    try await browser.get("/signup")
    let response = try await browser.post(
        "/signup",
        [("email", email), ("password", "correct horse"), ("currency", "USD")]
    )
    try #require(response.status == .seeOther, "sign-up: \(response.status) \(response.text)")
    let user = try #require(try await store.users.user(email: email))
    let book = try #require(try await store.books.all(for: user).first)
    return (browser, user, book.id)
}

extension Browser {
    /// Posts a multipart form with one file, `_csrf` included, as the upload form does.
    func upload(
        _ path: String,
        file: (name: String, bytes: [UInt8]),
        fields: [(String, String)] = []
    ) async throws -> TestResponse {
        if csrf == nil { try await get("/login") }
        let boundary = "TallyTestBoundary42"
        var parts: [(name: String, filename: String?, body: [UInt8])] = [("_csrf", nil, Array((csrf ?? "").utf8))]
        parts += fields.map { ($0.0, nil, Array($0.1.utf8)) }
        parts.append(("file", file.name, file.bytes))
        var headers = cookieHeader
        headers[.contentType] = "multipart/form-data; boundary=\(boundary)"
        return try await client.post(
            path,
            body: PageFormTests.multipart(parts, boundary: boundary),
            headers: headers
        )
    }
}

/// The redirect target of a 303.
func location(_ response: TestResponse) -> String { response.headers[.location] ?? "" }

/// The bank-file pages: upload, the mapping step, the review, commit, history and undo, with
/// hostile text from the files escaped everywhere.
@Suite(.timeLimit(.minutes(10))) struct StatementImportPagesTests {
    /// An OFX statement of one checking account whose payees are hostile (entity-escaped in the
    /// file, so the reader turns them into the raw characters the pages must escape).
    static let ofx: [UInt8] = Array(
        """
        OFXHEADER:100
        DATA:OFXSGML
        VERSION:102

        <OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>USD
        <BANKACCTFROM><BANKID>1<ACCTID>000123456789<ACCTTYPE>CHECKING</BANKACCTFROM>
        <BANKTRANLIST>
        <STMTTRN><TRNTYPE>POS<DTPOSTED>20260302<TRNAMT>-12.50<FITID>A1<NAME>&lt;script&gt;alert(1)&lt;/script&gt; Caf&#233; {{x}}<MEMO>&lt;b&gt;bold&lt;/b&gt;</STMTTRN>
        <STMTTRN><TRNTYPE>POS<DTPOSTED>20260303<TRNAMT>-40.00<FITID>A2<NAME>Green Market</STMTTRN>
        <STMTTRN><TRNTYPE>CREDIT<DTPOSTED>20260304<TRNAMT>1000.00<FITID>A3<NAME>ACME Payroll</STMTTRN>
        </BANKTRANLIST>
        <LEDGERBAL><BALAMT>947.50<DTASOF>20260331</LEDGERBAL>
        </STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>
        """.utf8
    )

    @Test func ofxUploadReviewCommitHistoryUndo() async throws {
        try await withApp { client, store in
            let (browser, user, book) = try await importPagesBrowser(client, store)
            let scope = try await store.scope(user, book: book)
            let form = try await browser.get("/books/\(book)/import")
            #expect(form.status == .ok && form.text.contains("name=\"new_account\""))

            let uploaded = try await browser.upload(
                "/books/\(book)/import",
                file: ("bank<script>.ofx", Self.ofx),
                fields: [("account", "new"), ("new_account", "Checking <i>")]
            )
            try #require(uploaded.status == .seeOther, "\(uploaded.status) \(uploaded.text)")
            let review = location(uploaded)
            #expect(review.hasPrefix("/books/\(book)/imports/"))
            let id = try #require(Int64(review.split(separator: "/").last!))

            let page = try await browser.get(review)
            #expect(page.status == .ok)
            #expect(!page.text.contains("<script>alert(1)") && page.text.contains("&lt;script&gt;alert(1)"))
            #expect(!page.text.contains("<b>bold</b>") && !page.text.contains("bank<script>"))
            #expect(page.text.contains("Checking &lt;i&gt;") && page.text.contains("••6789"))
            #expect(page.text.contains("$947.50"), "the statement's closing balance is shown")
            #expect(page.text.contains("Import 3 records"))
            #expect(page.text.contains("<caption>"))

            // Skip the market, file the payroll under Salary, and import in the same post.
            let staged = try await store.imports.statementImport(id, in: scope)
            let categories = try await store.books.categories(in: scope)
            let salary = try #require(categories.first { $0.kind == .income })
            var fields: [(String, String)] = [("page", "1"), ("commit", "1")]
            for row in staged.rows {
                fields.append(("row[]", String(row.row)))
                fields.append(("action[]", row.payee == "Green Market" ? "skip" : row.action.rawValue))
                fields.append(("category[]", row.payee == "ACME Payroll" ? String(salary.id) : ""))
                fields.append(("payee[]", row.payee))
                fields.append(("note[]", row.note))
            }
            let committed = try await browser.post("/books/\(book)/imports/\(id)/rows", fields)
            try #require(committed.status == .seeOther, "\(committed.status) \(committed.text)")
            #expect(location(committed).hasSuffix("done=committed"))
            let after = try await store.imports.statementImport(id, in: scope)
            #expect(after.status == .committed)
            #expect(after.rows.first { $0.payee == "Green Market" }?.action == .skip)
            #expect(after.rows.first { $0.payee == "ACME Payroll" }?.categoryID == salary.id)
            let done = try await browser.get(location(committed))
            #expect(
                done.status == .ok && done.text.contains("See the records") && done.text.contains("Undo this import")
            )

            // The same file again, into the account that now remembers its number: every row is
            // already imported but the skipped one, and the page says so row by row.
            let twice = try await browser.upload("/books/\(book)/import", file: ("bank.ofx", Self.ofx))
            try #require(twice.status == .seeOther, "\(twice.status) \(twice.text)")
            let second = try await browser.get(location(twice))
            #expect(second.text.components(separatedBy: "import-row status-imported").count - 1 == 2)
            #expect(second.text.contains("Checking &lt;i&gt;"), "the account found by its number")

            let history = try await browser.get("/books/\(book)/imports")
            #expect(history.status == .ok && history.text.contains("bank&lt;script&gt;.ofx"))
            #expect(history.text.contains("/imports/\(id)/undo"))
            #expect(history.text.contains(#"<td class="import-rows">3 new</td>"#), "the first import's rows")
            #expect(history.text.contains(#"<td class="import-rows">1 new, 2 already imported</td>"#))

            let confirm = try await browser.get("/books/\(book)/imports/\(id)/undo")
            #expect(confirm.status == .ok && confirm.text.contains("confirm-undo"))
            let undone = try await browser.post("/books/\(book)/imports/\(id)/undo", [])
            try #require(undone.status == .seeOther, "\(undone.status) \(undone.text)")
            let shown = try await browser.get(location(undone))
            #expect(shown.text.contains("Undone: 2 records removed."), "\(shown.text)")
            #expect(try await store.imports.statementImport(id, in: scope).status == .undone)
            // Undoing twice is a conflict shown on the page, not a server error.
            let again = try await browser.post("/books/\(book)/imports/\(id)/undo", [])
            #expect(again.status == .conflict)
        }
    }

    @Test func badFilesNameTheLineAndStoreNothing() async throws {
        try await withApp { client, store in
            let (browser, user, book) = try await importPagesBrowser(client, store)
            let cut = Array(String(decoding: Self.ofx, as: UTF8.self).prefix(400).utf8)
            let refused = try await browser.upload("/books/\(book)/import", file: ("cut.ofx", cut))
            #expect(refused.status == .unprocessableContent)
            #expect(refused.text.contains("cut.ofx: line") && refused.text.contains("Nothing was imported"))
            let noName = try await browser.upload(
                "/books/\(book)/import",
                file: ("a.ofx", Self.ofx),
                fields: [("account", "new"), ("new_account", "")]
            )
            #expect(noName.status == .unprocessableContent && noName.text.contains("new_account"))
            let empty = try await browser.upload("/books/\(book)/import", file: ("", []))
            #expect(empty.status == .unprocessableContent)
            let scope = try await store.scope(user, book: book)
            #expect(try await store.imports.statementImports(in: scope).isEmpty)
        }
    }

    @Test func bankCSVWithAnAmbiguousDateColumnAsksThenSavesAPreset() async throws {
        try await withApp { client, store in
            let (browser, user, book) = try await importPagesBrowser(client, store)
            let scope = try await store.scope(user, book: book)
            let csv = Array(
                "Date;Amount;Payee;Memo\n03/04/2026;-12,50;<script>alert(1)</script>;{{x}}\n05/06/2026;-3,00;Café;\n"
                    .utf8
            )
            let step = try await browser.upload("/books/\(book)/import", file: ("bank.csv", csv))
            #expect(step.status == .ok, "\(step.text)")
            #expect(step.text.contains("Map the columns"))
            #expect(step.text.contains("DD/MM/YYYY") && step.text.contains("MM/DD/YYYY"))
            #expect(step.text.contains("id=\"mapping-date-hint\""), "an ambiguous date column asks")
            #expect(!step.text.contains("<script>alert(1)") && step.text.contains("&lt;script&gt;"))
            let token = try #require(Self.hidden("token", in: step.text))

            let base: [(String, String)] = [
                ("token", token), ("amount_mode", "amount"), ("date", "1"), ("amount", "2"),
                ("payee", "3"), ("note", "4"),
            ]
            let asked = try await browser.post("/books/\(book)/import/mapping", base + [("account", ""), ("go", "1")])
            #expect(asked.status == .unprocessableContent && asked.text.contains("choose one"))
            let preview = try await browser.post(
                "/books/\(book)/import/mapping",
                base + [("date_format", "DD/MM/YYYY"), ("preview", "1")]
            )
            #expect(preview.status == .ok && preview.text.contains("2026-04-03") && preview.text.contains("2 rows"))
            let missing = try await browser.post(
                "/books/\(book)/import/mapping",
                [("token", token), ("date", ""), ("go", "1")]
            )
            #expect(missing.status == .unprocessableContent && missing.text.contains("mapping-date-error"))

            let go = try await browser.post(
                "/books/\(book)/import/mapping",
                base + [
                    ("date_format", "DD/MM/YYYY"), ("save_preset", "My <bank>"), ("account", "new one"), ("go", "1"),
                ]
            )
            try #require(go.status == .seeOther, "\(go.status) \(go.text)")
            let id = try #require(Int64(location(go).split(separator: "/").last!))
            let staged = try await store.imports.statementImport(id, in: scope)
            #expect(staged.rows.map(\.date.description) == ["2026-04-03", "2026-06-05"])
            #expect(staged.rows.first?.amount.minorUnits == -1250)
            let presets = try await store.imports.presets(in: scope)
            #expect(presets.map(\.name) == ["My <bank>"] && presets.first?.header == "Date,Amount,Payee,Memo")

            // The same header again: the preset is proposed and the rows already read through it.
            let again = try await browser.upload("/books/\(book)/import", file: ("bank2.csv", csv))
            #expect(again.status == .ok && again.text.contains("preset-notice"))
            #expect(again.text.contains("My &lt;bank&gt;") && again.text.contains("2026-04-03"))
            let review = try await browser.get(location(go))
            #expect(review.status == .ok && !review.text.contains("<script>alert(1)"))
            let discarded = try await browser.post("/books/\(book)/imports/\(id)/discard", [])
            #expect(discarded.status == .seeOther)
            #expect(try await store.imports.statementImport(id, in: scope).status == .undone)
        }
    }

    @Test func tallyCSVKeepsItsPreview() async throws {
        try await withApp { client, store in
            let (browser, _, book) = try await importPagesBrowser(client, store)
            let csv = Array(
                "date,amount,kind,payee,category,account,note\n2026-03-01,4.50,expense,Cafe,Food,Cash,\n".utf8
            )
            let preview = try await browser.upload("/books/\(book)/import", file: ("tally.csv", csv))
            #expect(preview.status == .ok && preview.text.contains("import-confirm"))
        }
    }

    @Test func unknownImportsAreNotFoundAndPagesNeverFail() async throws {
        try await withApp { client, store in
            let (browser, _, book) = try await importPagesBrowser(client, store)
            for path in ["imports/999", "imports/abc", "imports/999/undo"] {
                #expect(try await browser.get("/books/\(book)/\(path)").status == .notFound, "\(path)")
            }
            for path in ["imports/999/rows", "imports/999/commit", "imports/999/discard", "imports/999/undo"] {
                #expect(try await browser.post("/books/\(book)/\(path)", []).status == .notFound, "\(path)")
            }
            let noToken = try await browser.post("/books/\(book)/import/mapping", [("token", "nope")])
            #expect(noToken.status.code < 500 && noToken.status.code >= 400)
            #expect(try await browser.get("/books/\(book)/imports").status == .ok)
        }
    }

    /// The value of the hidden input `name`.
    static func hidden(_ name: String, in html: String) -> String? {
        guard let range = html.range(of: "name=\"\(name)\" value=\"") else { return nil }
        let rest = html[range.upperBound...]
        return rest.firstIndex(of: "\"").map { String(rest[..<$0]) }
    }
}
