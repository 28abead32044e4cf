import Foundation
import TallyCore
import TallyStore
import Testing

extension WebPages {
    /// A long report page: its table shows the largest rows with a link to all, its charts sum
    /// the rest into "Other", and a range over three years is charted by year.
    @Test func longReportsStaySmall() async throws {
        try await withApp { client, store in
            let (browser, book) = try await signedIn(client, store)
            let user = try #require(try await store.users.user(email: "ann@example.com"))
            let scope = try await store.scope(user, book: book)
            for i in 1...45 {
                _ = try await store.records.addTransaction(
                    to: scope,
                    TransactionInput(
                        amount: "\(100 + i).00",
                        date: "202\(i % 6)-0\(1 + i % 9)-1\(i % 10)",
                        payee: "Shop <\(String(format: "%02d", i))>",
                        category: "Food",
                        account: "Cash"
                    )
                )
            }
            let path = "/books/\(book)/reports?from=2020-01-01&to=2025-12-31&by=payee&kind=expense"
            let page = try await browser.get(path)
            #expect(page.status == .ok)
            #expect(page.text.contains("Show all rows (15 more)"), "table cut at 30 rows")
            #expect(page.text.components(separatedBy: "<tr><td><svg class=\"dot\"").count - 1 == 30)
            #expect(page.text.contains("Other (34 more)"), "charts show 11 payees and Other")
            #expect(page.text.contains("Shop &lt;45&gt;") && !page.text.contains("Shop &lt;01&gt;"))
            #expect(page.text.contains(#"<option value="year" selected"#), "over three years: by year")
            let all = try await browser.get(path + "&interval=month&rows=all")
            #expect(all.status == .ok && !all.text.contains("Show all rows"))
            #expect(all.text.components(separatedBy: "<tr><td><svg class=\"dot\"").count - 1 == 45)
            #expect(all.text.contains("Shop &lt;01&gt;") && all.text.contains(#"<option value="month" selected"#))
        }
    }
}
