import Foundation
import TallyCore
import TallyStore
import Testing

extension WebPages {
    /// The record form without JavaScript: "Split" ticked with line rows, blank rows ignored;
    /// a wrong sum shows the form again with the lines kept and stores nothing.
    @Test func aSplitRecordThroughTheFormWithoutJavaScript() async throws {
        try await withApp { client, store in
            let (browser, book) = try await signedIn(client, store)
            let page = try await browser.get("/books/\(book)/transactions/new?date=2026-03-14")
            #expect(page.text.contains(#"id="split-on""#) && page.text.contains(#"name="line_amount[]""#))
            let user = try #require(try await store.users.user(email: "ann@example.com"))
            let scope = try await store.scope(user, book: book)
            let categories = try await store.books.categories(in: scope)
            func id(_ path: String) -> String { String(categories.first { $0.path(in: categories) == path }!.id) }
            let fields: [(String, String)] = [
                ("kind", "expense"), ("amount", "52.50"), ("date", "2026-03-14"), ("payee", "Costco"),
                ("category", id("Food:Coffee")), ("account", "Cash"), ("split", "1"),
                ("line_category[]", id("Food:Groceries")), ("line_amount[]", "40"), ("line_note[]", "food"),
                ("line_category[]", id("Household")), ("line_amount[]", "12"), ("line_note[]", ""),
                ("line_category[]", ""), ("line_amount[]", ""), ("line_note[]", ""),
            ]
            let refused = try await browser.post("/books/\(book)/transactions", fields)
            #expect(refused.status == .unprocessableContent)
            #expect(refused.text.contains("add up to 52.00, 0.50 short of the amount 52.50"), "\(refused.text)")
            #expect(refused.text.contains(#"value="40""#) && refused.text.contains(#"id="split-on" checked"#))
            #expect(try await store.records.transactions(in: scope).records.isEmpty)

            let added = try await browser.post(
                "/books/\(book)/transactions",
                fields.map { $0 == ("line_amount[]", "12") ? ("line_amount[]", "12.50") : $0 }
            )
            #expect(added.status == .seeOther, "\(added.text)")
            let record = try #require(try await store.records.transactions(in: scope).records.first)
            #expect(record.categoryPath == nil)
            #expect(record.lines.map(\.categoryPath) == ["Food:Groceries", "Household"])
            #expect(record.lines.map(\.line.note) == ["food", ""])
            let day = try await browser.get("/books/\(book)/days/2026-03-14")
            #expect(day.text.contains("Costco") && day.text.contains("$52.50"))
            let edit = try await browser.get("/books/\(book)/transactions/\(record.transaction.id)/edit")
            #expect(edit.text.contains(#"id="split-on" checked"#) && edit.text.contains(#"value="12.50""#))
        }
    }
}
