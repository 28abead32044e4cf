import CompressNIO
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import TallyCore
import TallyStore
import TallyWeb
import Testing

/// Issue 12's server side: static files under content-hashed names with gzip and long caching,
/// the one web app manifest and the service worker, gzipped pages, `/today` and `/add`, and the
/// quick-add form (categories by use, the last account, payees with their category).
@Suite(.timeLimit(.minutes(10))) struct PhoneApp {
    /// The first match of a regular expression in `text`.
    func match(_ pattern: String, in text: String) throws -> String {
        let range = try #require(text.range(of: pattern, options: .regularExpression), "no \(pattern)")
        return String(text[range])
    }

    func gunzip(_ response: TestResponse) throws -> String {
        var body = response.body
        return String(buffer: try body.decompress(with: .gzip()))
    }

    @Test func staticFilesHaveHashedNamesAYearOfCacheAndGzip() async throws {
        try await withApp { client, store in
            let (browser, book) = try await WebPages().signedIn(client, store)
            let page = try await browser.get("/books/\(book)/today")
            let css = try match(#"/static/app\.[0-9a-f]{8}\.css"#, in: page.text)
            _ = try match(#"/static/app\.[0-9a-f]{8}\.js"#, in: page.text)
            _ = try match(#"/static/queue\.[0-9a-f]{8}\.js"#, in: page.text)

            let plain = try await client.get("/static/app.css")
            #expect(plain.status == .ok && plain.headers[.cacheControl] == "no-cache")
            #expect(plain.headers[.contentEncoding] == nil && plain.headers[.vary] == "Accept-Encoding")
            let hashed = try await client.get(css, headers: [.acceptEncoding: "br, gzip"])
            #expect(hashed.headers[.cacheControl] == "public, max-age=31536000, immutable")
            #expect(hashed.headers[.contentEncoding] == "gzip")
            #expect(try gunzip(hashed) == plain.text)
            #expect(hashed.body.readableBytes * 3 < plain.body.readableBytes, "CSS shrinks at least threefold")
            // A client that refuses gzip gets the plain text; a known version gets a 304.
            let refused = try await client.get(css, headers: [.acceptEncoding: "gzip;q=0, identity"])
            #expect(refused.headers[.contentEncoding] == nil && refused.text == plain.text)
            let etag = try #require(plain.headers[.eTag])
            #expect(try await client.get("/static/app.css", headers: [.ifNoneMatch: etag]).status == .notModified)
            #expect(try await client.get("/static/app.00000000.css").status == .notFound)
            #expect(try await client.get("/static/../Package.swift").status == .notFound)
            // PNG is compressed already: no gzip copy, no Vary.
            let icon = try await client.get("/static/icon-192.png", headers: [.acceptEncoding: "gzip"])
            #expect(icon.headers[.contentType] == "image/png" && icon.headers[.contentEncoding] == nil)
        }
    }

    @Test func oneManifestAndAServiceWorkerThatNameTheHashedFiles() async throws {
        try await withApp { client, _ in
            let response = try await client.get("/manifest.webmanifest")
            #expect(response.headers[.contentType] == "application/manifest+json")
            let manifest = try #require(
                try JSONSerialization.jsonObject(with: Data(response.text.utf8)) as? [String: Any]
            )
            #expect(manifest["start_url"] as? String == "/today" && manifest["display"] as? String == "standalone")
            #expect(manifest["theme_color"] as? String == "#1f6f5c")
            let icons = try #require(manifest["icons"] as? [[String: String]])
            #expect(icons.filter { $0["purpose"] == "maskable" }.compactMap { $0["sizes"] } == ["192x192", "512x512"])
            for icon in icons {
                let src = try #require(icon["src"])
                #expect(
                    src.range(of: #"^/static/[a-z0-9-]+\.[0-9a-f]{8}\.(png|svg)$"#, options: .regularExpression) != nil
                )
                #expect(try await client.get(src).status == .ok, "\(src)")
            }
            let shortcuts = try #require(manifest["shortcuts"] as? [[String: Any]])
            #expect(shortcuts.map { $0["url"] as? String } == ["/add", "/today"])

            let worker = try await client.get("/sw.js", headers: [.acceptEncoding: "gzip"])
            #expect(worker.headers[.cacheControl] == "no-cache" && worker.headers[.contentEncoding] == "gzip")
            let code = try gunzip(worker)
            #expect(!code.contains("__VERSION__") && !code.contains("__SHELL__"))
            #expect(!code.contains("\n//"), "comment lines are not sent")
            let shell = try match(#"var SHELL = \[[^\]]+\]"#, in: code)
            let files = shell.split(separator: "\"").filter { $0.hasPrefix("/static/") }
            #expect(files.count >= 8 && files.contains { $0.hasPrefix("/static/offline.") })
            for file in files { #expect(try await client.get(String(file)).status == .ok, "\(file)") }
        }
    }

    @Test func pagesAreGzippedWhenTheClientAcceptsItAndTheAPIIsNot() async throws {
        try await withApp { client, store in
            let (browser, book) = try await WebPages().signedIn(client, store)
            let plain = try await browser.get("/books/\(book)/dashboard")
            #expect(
                plain.headers[.contentEncoding] == nil && plain.headers[.vary] == "Accept-Language, Accept-Encoding"
            )
            var headers = browser.cookieHeader
            headers[.acceptEncoding] = "gzip, deflate"
            // Asked by another site, or by a browser that does not say who asks: not compressed
            // (BREACH: the page holds the CSRF token).
            #expect(try await client.get("/books/\(book)/dashboard", headers: headers).headers[.contentEncoding] == nil)
            headers[HTTPField.Name("Sec-Fetch-Site")!] = "cross-site"
            #expect(try await client.get("/books/\(book)/dashboard", headers: headers).headers[.contentEncoding] == nil)
            headers[HTTPField.Name("Sec-Fetch-Site")!] = "same-origin"
            let packed = try await client.get("/books/\(book)/dashboard", headers: headers)
            #expect(packed.headers[.contentEncoding] == "gzip")
            #expect(try gunzip(packed) == plain.text)
            #expect(packed.body.readableBytes * 3 < plain.body.readableBytes, "HTML shrinks at least threefold")
            let api = try await client.get("/api/v1/books/\(book)/categories", headers: headers)
            #expect(api.status == .ok && api.headers[.contentEncoding] == nil)
        }
    }

    @Test func todayAndAddOpenTheBookUsedLastOnThisDevice() async throws {
        try await withApp(openSignup: true) { client, store in
            #expect(try await client.get("/today").headers[.location] == "/signup")
            let (browser, first) = try await WebPages().signedIn(client, store)
            let user = try #require(try await store.users.user(email: "ann@example.com"))
            let second = try await store.books.createBook(for: user, name: "Trip", currency: "EUR")
            #expect(try await browser.get("/today").headers[.location] == "/books/\(first)/today")
            // A page of the second book makes it the last one used, for `/`, /today and /add.
            _ = try await browser.get("/books/\(second.id)/calendar")
            #expect(browser.cookies["tally_book"] == String(second.id.rawValue))
            #expect(try await browser.get("/today").headers[.location] == "/books/\(second.id)/today")
            #expect(try await browser.get("/add").headers[.location] == "/books/\(second.id)/transactions/new")
            #expect(try await browser.get("/").headers[.location] == "/books/\(second.id)/dashboard")
            // A cookie naming someone else's book is not trusted.
            let (_, theirs) = try await WebPages().signedIn(client, store, email: "bob@example.com")
            browser.cookies["tally_book"] = String(theirs.rawValue)
            #expect(try await browser.get("/today").headers[.location] == "/books/\(first)/today")
        }
    }

    @Test func quickAddPutsTheMostUsedCategoriesFirstAndTheLastAccountIn() async throws {
        try await withApp { client, store in
            let (browser, book) = try await WebPages().signedIn(client, store)
            let fresh = try await browser.get("/books/\(book)/transactions/new")
            // A new book: the first tile is the first category by name; the first account is chosen.
            #expect(
                try match(
                    #"data-kind="expense">\s*<h3[^<]*</h3>\s*<label class="tile parent" data-id="\d+" data-path="[^"]*"><input type="radio" name="category" value="\d+"><span class="icon" aria-hidden="true">[^<]*</span><span class="name">[^<]*<"#,
                    in: fresh.text
                ).hasSuffix(">Auto<")
            )
            #expect(fresh.text.contains(#"name="category" value="" checked"#), "no category chosen yet")
            for (amount, payee, category, account) in [
                ("2.75", "", "Transportation", "Cash"), ("2.75", "", "Transportation", "Cash"),
                ("4.20", "Corner Cafe", "Food:Coffee", "Credit Card"),
            ] {
                let added = try await browser.post(
                    "/books/\(book)/transactions",
                    [("amount", amount), ("payee", payee), ("category", category), ("account", account)]
                )
                #expect(added.status == .seeOther, "a record with a category needs no payee: \(added.text)")
            }
            let page = try await browser.get("/books/\(book)/transactions/new")
            let names = page.text.components(separatedBy: #"<label class="tile parent""#).dropFirst().map {
                try? match(#"<span class="name">[^<]*"#, in: $0).replacingOccurrences(
                    of: #"<span class="name">"#,
                    with: ""
                )
            }
            #expect(Array(names.prefix(3)) == ["Transportation", "Food", "Auto"], "by use, then by name")
            let food = try match(#"<div class="sub" data-parent="\d+">.*?Coffee.*?</div>"#, in: page.text)
            #expect(food.range(of: ">Coffee<")!.lowerBound < food.range(of: ">Groceries<")!.lowerBound)
            #expect(try match(#"<option value="\d+" selected>[^<]*"#, in: page.text).hasSuffix(">Credit Card"))
            #expect(page.text.contains(#"<option value="Corner Cafe" data-category=""#))
            // Today carries the same form; the queue page is a frame for the script.
            let today = try await browser.get("/books/\(book)/today")
            #expect(today.text.contains(#"class="record-form" data-book="\#(book)" data-queue="1""#))
            let queue = try await browser.get("/books/\(book)/queue")
            #expect(queue.status == .ok && queue.text.contains(#"<ul class="records queue" id="queue-list">"#))
        }
    }

    @Test func theFormWithoutJavaScriptSavedTwiceStoresOneRecord() async throws {
        try await withApp { client, store in
            let (browser, book) = try await WebPages().signedIn(client, store)
            let page = try await browser.get("/books/\(book)/transactions/new")
            let id = try match(#"name="client_id" value="[0-9a-f-]{36}""#, in: page.text)
                .replacingOccurrences(of: #"name="client_id" value=""#, with: "").dropLast()
            let fields = [("amount", "7.10"), ("category", "Food"), ("client_id", String(id))]
            let first = try await browser.post("/books/\(book)/transactions", fields)
            let again = try await browser.post("/books/\(book)/transactions", fields)
            #expect(first.status == .seeOther && again.status == .seeOther)
            #expect(first.headers[.location] == again.headers[.location])
            let user = try #require(try await store.users.user(email: "ann@example.com"))
            let scope = try await store.scope(user, book: book)
            #expect(try await store.records.transactions(in: scope, limit: 10).records.count == 1)
            // The same form with other values is another record, not an error.
            let other = try await browser.post(
                "/books/\(book)/transactions",
                [("amount", "8.20"), ("category", "Food"), ("client_id", String(id))]
            )
            #expect(other.status == .seeOther)
            #expect(try await store.records.transactions(in: scope, limit: 10).records.count == 2)
            // A refused form keeps its id; an edit form has none.
            let refused = try await browser.post(
                "/books/\(book)/transactions",
                [("amount", "abc"), ("category", "Food"), ("client_id", "fixed-id")]
            )
            #expect(refused.status == .unprocessableContent && refused.text.contains(#"value="fixed-id""#))
            let record = try #require(try await store.records.transactions(in: scope, limit: 1).records.first)
            let edit = try await browser.get("/books/\(book)/transactions/\(record.transaction.id)/edit")
            #expect(!edit.text.contains("client_id"))
        }
    }
}
