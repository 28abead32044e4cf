import Foundation
import Testing

extension WebPages {
    @Test("the balances page: a net-worth chart without links, the table of every balance, linked from Reports")
    func balancesPage() async throws {
        try await withApp(openSignup: true) { client, _ in
            let owner = try await API.Balances.book(client)
            let browser = try await TallyWebTests.signedIn(client, owner)
            let page = try await browser.get("/books/\(owner.book)/reports/balances?from=2026-01-01&to=2026-03-15")
            expectStatus(page, .ok)
            let html = page.text
            let svg = try #require(
                html.range(of: "<svg").flatMap { start in
                    html.range(of: "</svg>", range: start.upperBound..<html.endIndex).map {
                        html[start.lowerBound..<$0.upperBound]
                    }
                }
            )
            #expect(!svg.contains("<a "), "no links inside the chart")
            #expect(svg.contains("Net worth"))
            #expect(html.contains(#"<table class="summary" id="balances">"#))
            #expect(html.contains(">Euro &lt;Savings&gt; (EUR)</th>") && html.contains(">Cash (EUR)</th>"))
            #expect(
                html.contains(#"<th scope="row">2026-01-31</th><td class="num">$1,100.00 *</td>"#),
                "left out, marked"
            )
            #expect(html.contains(#"<th scope="row">2026-03-15</th><td class="num">$677.50</td>"#))
            #expect(
                html.contains(#"id="balances-left-out""#) && html.contains("Euro &lt;Savings&gt; €50.00 on 2026-01-31")
            )
            #expect(
                html.contains(
                    "/api/v1/books/\(owner.book)/reports/balances?from=2026-01-01&amp;to=2026-03-15&amp;interval=month"
                )
            )
            let reports = try await browser.get("/books/\(owner.book)/reports")
            #expect(reports.text.contains(#"href="/books/\#(owner.book)/reports/balances""#))
            let weekly = try await browser.get(
                "/books/\(owner.book)/reports/balances?from=2026-02-01&to=2026-03-15&interval=week"
            )
            expectStatus(weekly, .ok)
            #expect(weekly.text.contains(#"<option value="week" selected"#))
            expectStatus(
                try await browser.get("/books/\(owner.book)/reports/balances?interval=year"),
                .unprocessableContent
            )
        }
    }
}
