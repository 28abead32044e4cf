import Foundation
import TallyCore
import TallyStore
import Testing

extension WebPages {
    /// Tags through the pages: typed on the record form, shown on the day, searched, reported,
    /// renamed and deleted on the tags page.
    @Test func tagsThroughThePages() async throws {
        try await withApp { client, store in
            let (browser, book) = try await signedIn(client, store)
            let added = try await browser.post(
                "/books/\(book)/transactions",
                [
                    ("kind", "expense"), ("amount", "12.00"), ("date", "2026-03-14"), ("payee", "Ramen <b>"),
                    ("category", "Food"), ("tags", "japan-2026, #Trip"),
                ]
            )
            #expect(added.status == .seeOther, "\(added.text)")
            let bad = try await browser.post(
                "/books/\(book)/transactions",
                [("amount", "1"), ("payee", "X"), ("date", "2026-03-14"), ("tags", "a;b")]
            )
            #expect(bad.status == .unprocessableContent)
            #expect(bad.text.contains("is not a tag") && bad.text.contains(#"value="a;b""#), "\(bad.text)")
            let day = try await browser.get("/books/\(book)/days/2026-03-14")
            #expect(day.text.contains("#japan-2026 #Trip"))
            let form = try await browser.get("/books/\(book)/transactions/new")
            #expect(form.text.contains(#"<option value="japan-2026">"#))
            let search = try await browser.get("/books/\(book)/search?tag=JAPAN-2026")
            #expect(search.text.contains("Ramen &lt;b&gt;") && search.text.contains(#"value="JAPAN-2026""#))
            let report = try await browser.get("/books/\(book)/reports?from=2026-03-01&to=2026-03-31&by=tag")
            #expect(report.status == .ok && report.text.contains("japan-2026") && report.text.contains("$12.00"))
            let limited = try await browser.get("/books/\(book)/reports?from=2026-03-01&to=2026-03-31&tag=nope")
            #expect(limited.text.contains("No records in this period."))

            let page = try await browser.get("/books/\(book)/tags")
            #expect(page.status == .ok && page.text.contains("#japan-2026") && page.text.contains("#Trip"))
            let user = try #require(try await store.users.user(email: "ann@example.com"))
            let scope = try await store.scope(user, book: book)
            let trip = try #require(try await store.records.tags(in: scope).first { $0.name == "Trip" })
            let refused = try await browser.post("/books/\(book)/tags/\(trip.id)", [("name", "two words")])
            #expect(refused.status == .unprocessableContent && refused.text.contains("is not a tag"))
            let merged = try await browser.post("/books/\(book)/tags/\(trip.id)", [("name", "Japan-2026")])
            #expect(merged.status == .seeOther)
            #expect(try await store.records.tags(in: scope).map(\.name) == ["Japan-2026"])
            let merge = try #require(try await store.records.tags(in: scope).first)
            let deleted = try await browser.post("/books/\(book)/tags/\(merge.id)/delete", [])
            #expect(deleted.status == .seeOther)
            #expect(try await browser.get("/books/\(book)/tags").text.contains("No tags yet."))
        }
    }
}
