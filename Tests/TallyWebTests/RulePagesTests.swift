import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import TallyCore
import TallyStore
import Testing

@testable import TallyWeb

/// The rules pages through their forms: add (with field errors next to the field), the list in
/// words, apply's preview, the run and its undo, delete, and "Make a rule from this".
@Suite(.timeLimit(.minutes(10))) struct RulePagesTests {
    @Test func addApplyUndoDeleteThroughTheForms() async throws {
        try await withApp { client, store in
            let (browser, user, book) = try await importPagesBrowser(client, store)
            let scope = try await store.scope(user, book: book)
            let categories = try await store.books.categories(in: scope)
            let food = try #require(categories.first { $0.kind == .expense && $0.name == "Food" })
            let other = try #require(categories.first { $0.kind == .expense && $0.id != food.id })
            for (payee, amount) in [("POS 4411 STARBUCKS #12", "4.50"), ("Starbucks Seattle", "6.00"), ("Rent", "900")]
            {
                let added = try await browser.post(
                    "/books/\(book)/transactions",
                    [
                        ("kind", "expense"), ("amount", amount), ("date", "2026-03-02"), ("payee", payee),
                        ("category", String(other.id)),
                    ]
                )
                try #require(added.status == .seeOther, "\(added.text)")
            }
            let empty = try await browser.get("/books/\(book)/rules")
            #expect(empty.status == .ok && empty.text.contains("No rules yet") && empty.text.contains("rule-form"))

            let bad = try await browser.post(
                "/books/\(book)/rules",
                [("payee_contains", "<script>alert(1)</script>"), ("amount_min", "abc"), ("set_category", "")]
            )
            #expect(bad.status == .unprocessableContent)
            #expect(bad.text.contains("id=\"rule-amount_min-error\""), "the error sits next to its field")
            #expect(!bad.text.contains("<script>alert(1)") && bad.text.contains("&lt;script&gt;alert(1)"))

            let hostile = try await browser.post(
                "/books/\(book)/rules",
                [("payee_contains", "<script>alert(1)</script> {{x}}"), ("set_note", "<b>bold</b>")]
            )
            #expect(hostile.status == .seeOther)
            let added = try await browser.post(
                "/books/\(book)/rules",
                [("payee_contains", "starbucks"), ("set_category", String(food.id)), ("position", "1")]
            )
            #expect(added.status == .seeOther && location(added).hasSuffix("done=added"))
            let list = try await browser.get(location(added))
            #expect(list.text.contains("Payee contains ‘starbucks’") && list.text.contains("category Food"))
            #expect(!list.text.contains("<script>alert(1)") && !list.text.contains("<b>bold</b>"))
            let rules = try await store.rules.rules(in: scope)
            #expect(rules.count == 2 && rules.first?.conditions.payee?.text == "starbucks")
            let rule = try #require(rules.first?.id)
            let hostileRule = try #require(rules.last?.id)
            let hostilePreview = try await browser.get("/books/\(book)/rules/\(hostileRule)/apply")
            #expect(hostilePreview.status == .ok && hostilePreview.text.contains("No record would change"))
            #expect(!hostilePreview.text.contains("<script>alert(1)") && !hostilePreview.text.contains("<b>bold</b>"))

            let preview = try await browser.get("/books/\(book)/rules/\(rule)/apply")
            #expect(preview.status == .ok && preview.text.contains("It would change <b>2</b> records"))
            #expect(preview.text.contains("Food") && preview.text.contains("apply-rule"))
            let applied = try await browser.post("/books/\(book)/rules/\(rule)/apply", [])
            try #require(applied.status == .seeOther)
            #expect(location(applied).contains("changed=2"))
            let ran = try await browser.get(location(applied))
            #expect(ran.text.contains("The rule changed 2 records") && ran.text.contains("undo-run"))
            let records = try await store.records.transactions(in: scope).records
            #expect(records.filter { $0.transaction.categoryID == food.id }.count == 2)
            let run = try #require(Self.action("/rules/runs/", in: ran.text))
            let undone = try await browser.post("/books/\(book)/rules/runs/\(run)/undo", [])
            #expect(undone.status == .seeOther && location(undone).contains("restored=2"))
            let back = try await store.records.transactions(in: scope).records
            #expect(back.filter { $0.transaction.categoryID == food.id }.isEmpty)

            let confirm = try await browser.get("/books/\(book)/rules/\(rule)/delete")
            #expect(confirm.status == .ok && confirm.text.contains("confirm-delete-rule"))
            let deleted = try await browser.post("/books/\(book)/rules/\(rule)/delete", [])
            #expect(deleted.status == .seeOther)
            #expect(try await store.rules.rules(in: scope).count == 1)
            #expect(try await browser.get("/books/\(book)/rules/\(rule)/apply").status == .notFound)
        }
    }

    @Test func makeARuleFromARecord() async throws {
        try await withApp { client, store in
            let (browser, user, book) = try await importPagesBrowser(client, store)
            let scope = try await store.scope(user, book: book)
            let food = try #require(try await store.books.categories(in: scope).first { $0.name == "Food" })
            let added = try await browser.post(
                "/books/\(book)/transactions",
                [
                    ("kind", "expense"), ("amount", "3.20"), ("date", "2026-03-02"),
                    ("payee", "<script> SQ *BLUE BOTTLE COFFEE 0042"), ("category", String(food.id)),
                ]
            )
            try #require(added.status == .seeOther)
            let record = try #require(try await store.records.transactions(in: scope).records.first)
            let edit = try await browser.get("/books/\(book)/transactions/\(record.transaction.id)/edit")
            #expect(edit.text.contains("/rules/new?from=\(record.transaction.id)"))
            let form = try await browser.get("/books/\(book)/rules/new?from=\(record.transaction.id)")
            #expect(form.status == .ok)
            #expect(form.text.contains("value=\"BLUE BOTTLE COFFEE\""), "the payee's distinctive words")
            #expect(form.text.contains("<option value=\"\(food.id)\" selected>"))
            #expect(!form.text.contains("<script> SQ"))
            #expect(try await browser.get("/books/\(book)/rules/new?from=999999").status == .notFound)
        }
    }

    /// The id after `prefix` in the first form action that has it.
    static func action(_ prefix: String, in html: String) -> String? {
        guard let range = html.range(of: prefix) else { return nil }
        return String(html[range.upperBound...].prefix { $0.isNumber })
    }
}
