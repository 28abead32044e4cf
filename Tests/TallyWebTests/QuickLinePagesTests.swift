import Foundation
import TallyCore
import TallyStore
import Testing

extension WebPages {
    /// The one-line field without JavaScript, in two steps: the line goes to the add page, which
    /// shows the draft with where each field came from and the form filled from it; the person
    /// checks it and saves the form. Nothing is stored by the first step.
    @Test func aLineBecomesAFilledFormThenARecordWithoutJavaScript() async throws {
        try await withApp { client, store in
            let (browser, book) = try await signedIn(client, store)
            let user = try #require(try await store.users.user(email: "ann@example.com"))
            let scope = try await store.scope(user, book: book)
            _ = try await store.records.addTransaction(
                to: scope,
                TransactionInput(
                    kind: "expense",
                    amount: "5",
                    date: "2026-03-01",
                    payee: "Starbucks Coffee",
                    category: "Food:Coffee",
                    account: "Cash"
                )
            )
            let today = try await browser.get("/books/\(book)/today")
            #expect(today.text.contains(#"id="quick-line-form""#) && today.text.contains(#"name="line""#))
            #expect(today.text.contains(#"action="/books/\#(book)/transactions/new""#))

            let page = try await browser.get(
                "/books/\(book)/transactions/new?line=latte%204,50%20starbuks%202026-03-14%20oat"
            )
            #expect(page.status == .ok)
            let text = page.text
            #expect(text.contains(#"value="latte 4,50 starbuks 2026-03-14 oat""#), "the line is kept in its field")
            #expect(
                text.contains(
                    #"<span class="draft-value">Starbucks Coffee</span> <small class="draft-source source-payee">the payee&#39;s usual</small>"#
                )
            )
            #expect(
                text.contains(
                    #"<span class="draft-value">$4.50</span> <small class="draft-source source-typed">as typed</small>"#
                )
            )
            #expect(text.contains(#"name="amount" id="amount" value="4.50""#))
            #expect(text.contains(#"name="payee" id="payee" value="Starbucks Coffee""#))
            #expect(text.contains(#"type="date" name="date" id="date" value="2026-03-14""#))
            #expect(text.contains(#"data-path="Food:Coffee"><input type="radio" name="category" value=""#))
            let coffee = try #require(
                try await store.books.categories(in: scope).first { $0.name == "Coffee" }
            )
            #expect(text.contains(#"value="\#(coffee.id)" checked"#))
            #expect(try await store.records.transactions(in: scope).records.count == 1, "nothing saved by reading")

            let saved = try await browser.post(
                "/books/\(book)/transactions",
                [
                    ("kind", "expense"), ("amount", "4.50"), ("date", "2026-03-14"), ("payee", "Starbucks Coffee"),
                    ("category", String(coffee.id)), ("account", "Cash"), ("note", "latte oat"),
                ]
            )
            #expect(saved.status == .seeOther)
            let records = try await store.records.transactions(in: scope).records
            #expect(records.count == 2)
            #expect(
                records.first { $0.transaction.date.description == "2026-03-14" }?.transaction.amount.minorUnits == 450
            )
        }
    }

    /// A line the reader refuses is shown back with why, over an empty form; a page-long or
    /// control-laden one is refused without being echoed.
    @Test func aLineWithoutAnAmountIsShownBackWithWhy() async throws {
        try await withApp { client, store in
            let (browser, book) = try await signedIn(client, store)
            let page = try await browser.get("/books/\(book)/transactions/new?line=coffee%20at%20starbucks")
            #expect(page.status == .ok)
            #expect(
                page.text.contains(#"id="quick-error">holds no amount: write one, as in &quot;coffee 4.50&quot;</p>"#)
            )
            #expect(page.text.contains(#"value="coffee at starbucks""#))
            #expect(page.text.contains(#"name="amount" id="amount" value="""#))
            let long = try await browser.get(
                "/books/\(book)/transactions/new?line=" + String(repeating: "a", count: 600)
            )
            #expect(long.status == .ok && !long.text.contains(String(repeating: "a", count: 600)))
            #expect(long.text.contains(#"id="quick-error">is longer than 500 characters</p>"#))
        }
    }
}
