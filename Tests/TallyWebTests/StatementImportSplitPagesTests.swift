import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import TallyCore
import TallyStore
import Testing

@testable import TallyWeb

/// A QIF split on the review page and through the JSON API: its lines shown (escaped) instead of a
/// category select, the page's form still posting one category per row, and the commit storing
/// one split record.
@Suite(.timeLimit(.minutes(10))) struct StatementImportSplitPagesTests {
    static let qif = Array(
        """
        !Type:CCard
        D3/14'26
        T-52.50
        PCostco <b>
        SFood:Groceries
        E<script>x</script>
        $-40.00
        SHousehold
        $-12.50
        ^
        D3/15'26
        T-4.50
        PSTARBUCKS
        ^
        """.utf8
    )

    @Test func qifSplitReviewedAndCommittedFromThePage() async throws {
        try await withApp { client, store in
            let (browser, user, book) = try await importPagesBrowser(client, store)
            let scope = try await store.scope(user, book: book)
            _ = try await store.rules.addRule(in: scope, RuleInput(payeeContains: "starbucks", addTag: "coffee"))
            let uploaded = try await browser.upload(
                "/books/\(book)/import",
                file: ("card.qif", Self.qif),
                fields: [("account", "new"), ("new_account", "Visa")]
            )
            try #require(uploaded.status == .seeOther, "\(uploaded.status) \(uploaded.text)")
            let review = location(uploaded)
            let id = try #require(Int64(review.split(separator: "/").last!))
            let page = try await browser.get(review)
            #expect(page.status == .ok)
            #expect(page.text.contains(#"<span class="split-label">Split</span>"#))
            #expect(page.text.contains("Food:Groceries $40.00 (&lt;script&gt;x&lt;/script&gt;)"))
            #expect(page.text.contains("<li>Household $12.50</li>"))
            #expect(!page.text.contains("<script>x</script>"))
            #expect(page.text.contains("#coffee"), "the rule's tag is shown on its row")
            // Two rows, two category fields: the split row's is hidden and empty.
            #expect(page.text.components(separatedBy: "name=\"category[]\"").count - 1 == 2)

            let staged = try await store.imports.statementImport(id, in: scope)
            var fields: [(String, String)] = [("page", "1"), ("commit", "1")]
            for row in staged.rows {
                fields += [
                    ("row[]", String(row.row)), ("action[]", row.action.rawValue), ("category[]", ""),
                    ("payee[]", row.payee), ("note[]", row.note),
                ]
            }
            let committed = try await browser.post("/books/\(book)/imports/\(id)/rows", fields)
            try #require(committed.status == .seeOther, "\(committed.status) \(committed.text)")
            let after = try await store.imports.statementImport(id, in: scope)
            let record = try await store.records.transaction(try #require(after.rows[0].transactionID), in: scope)
            #expect(record.lines.map(\.categoryPath) == ["Food:Groceries", "Household"])
            #expect(record.lines.map(\.line.amount.minorUnits) == [4_000, 1_250])
            let coffee = try await store.records.transaction(try #require(after.rows[1].transactionID), in: scope)
            #expect(coffee.transaction.tags == ["coffee"])
        }
    }

    @Test func qifSplitOverTheAPI() async throws {
        try await withApp { client, _ in
            let ann = try await makeOwner(client)
            let staged = try await client.post(
                "\(ann.books)/imports?account=Visa",
                token: ann.token,
                body: ByteBuffer(bytes: Self.qif)
            )
            expectStatus(staged, .created)
            let object = try #require(
                try JSONSerialization.jsonObject(with: Data(buffer: staged.body)) as? [String: Any]
            )
            let rows = try #require(object["rows"] as? [[String: Any]])
            let lines = try #require(rows[0]["lines"] as? [[String: Any]])
            #expect(lines.map { $0["category"] as? String } == ["Food:Groceries", "Household"])
            #expect(lines.map { $0["amount"] as? String } == ["40.00", "12.50"])
            #expect(lines.map { $0["note"] as? String } == ["<script>x</script>", ""])
            #expect(rows[0]["category"] is NSNull && rows[1]["lines"] is NSNull)
            #expect(rows[0]["tags"] as? [String] == [] && rows[0]["amount"] as? String == "-52.50")
            let id = try #require(object["id"] as? Int)
            expectProblem(
                try await client.patch(
                    "\(ann.books)/imports/\(id)/rows/1",
                    token: ann.token,
                    json: json(["category": "Food"])
                ),
                .unprocessableContent,
                field: "category"
            )
        }
    }
}
