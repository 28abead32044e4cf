import Foundation
import Mustache
import TallyCore
import TallyStore
import Testing

@testable import TallyWeb

/// Typed view models: the categories page that used to recurse without end, dates in record
/// lists, no inline styles (the CSP refuses them), and hostile text escaped on the pages that
/// show names.
@Suite(.timeLimit(.minutes(10))) struct ViewModelPageRender {
    /// Signs up through the form; the browser (signed in), the user and the book id.
    func signedIn(_ client: Client, _ store: Store) async throws -> (Browser, User, BookID) {
        let browser = Browser(client)
        try await browser.get("/signup")
        let response = try await browser.post(
            "/signup",
            [("email", "ann@example.com"), ("password", "correct horse"), ("currency", "USD")]
        )
        try #require(response.status == .seeOther, "sign-up: \(response.status) \(response.text)")
        let user = try #require(try await store.users.user(email: "ann@example.com"))
        let book = try #require(try await store.books.all(for: user).first)
        return (browser, user, book.id)
    }

    /// How often `needle` occurs in `text`.
    func occurrences(of needle: String, in text: String) -> Int {
        text.components(separatedBy: needle).count - 1
    }

    @Test func categoriesPageWithSubcategoriesRendersEachCategoryOnce() async throws {
        try await withApp { client, store in
            let (browser, user, book) = try await signedIn(client, store)
            let food = try #require(
                try await store.books.categories(in: try await store.scope(user, book: book)).first {
                    $0.name == "Food" && $0.parentID == nil
                }
            )
            let added = try await browser.post(
                "/books/\(book)/categories",
                [("name", "Bakery"), ("parent", String(food.id)), ("kind", "expense")]
            )
            #expect(added.status == .seeOther)
            // A third level is refused, so the tree is two levels deep at most.
            let bakery = try #require(
                try await store.books.categories(in: try await store.scope(user, book: book)).first {
                    $0.name == "Bakery"
                }
            )
            let deeper = try await browser.post(
                "/books/\(book)/categories",
                [("name", "Bread"), ("parent", String(bakery.id)), ("kind", "expense")]
            )
            #expect(
                deeper.status == .unprocessableContent
                    && deeper.text.contains("sub-categories cannot have sub-categories")
            )

            let page = try await browser.get("/books/\(book)/categories")
            #expect(page.status == .ok)
            let all = try await store.books.categories(in: try await store.scope(user, book: book))
            #expect(all.contains { $0.parentID != nil }, "the default book has sub-categories")
            let main = String(page.text[page.text.range(of: "<main")!.lowerBound...])
            #expect(occurrences(of: "<summary>", in: main) == all.count, "one entry per category, no repeats")
            for category in all {
                let summary = "</svg> \(category.icon) \(category.name)</summary>"
                // "Gifts" is both an expense and an income.
                let same = all.filter { $0.name == category.name && $0.icon == category.icon }.count
                #expect(occurrences(of: summary, in: page.text) == same, "\(category.name)")
            }
            // Each parent with children opens one nested list; nothing nests deeper than that.
            let parentsWithChildren = Set(all.compactMap(\.parentID)).count
            #expect(occurrences(of: "<ul>", in: page.text) == parentsWithChildren)
            #expect(
                !page.text.contains(
                    "<ul>\n<li>\n  <details>\n    <summary><svg class=\"swatch\" width=\"14\" height=\"14\" viewBox=\"0 0 14 14\" aria-hidden=\"true\"><circle cx=\"7\" cy=\"7\" r=\"7\" fill=\"#F2994A\"/></svg> 🍽️ Food"
                ),
                "a parent is never drawn inside its own list"
            )
            #expect(page.text.contains("fill=\"#F2994A\""), "the category's colour as an SVG attribute")
        }
    }

    @Test func categoryTreeIsBoundedEvenForBadRows() {
        // Rows the store would refuse (a chain five deep, a self-parent) still draw a finite tree.
        var chain: [Category] = []
        for i in 1...6 {
            let parent: CategoryID? = i == 1 ? nil : CategoryID(rawValue: Int64(i - 1))
            let color = i == 2 ? "red;background:url(x)" : "#123456"
            chain.append(
                Category(
                    id: CategoryID(rawValue: Int64(i)),
                    bookID: 1,
                    parentID: parent,
                    kind: .expense,
                    name: "Level \(i)",
                    icon: "•",
                    color: color
                )
            )
        }
        let selfParent = Category(
            id: 9,
            bookID: 1,
            parentID: 9,
            kind: .expense,
            name: "Loop",
            icon: "•",
            color: "#123456"
        )
        let forest = CategoryNode.forest(chain + [selfParent], kind: .expense)
        #expect(forest.count == 1)
        var depth = 0
        var level = forest
        while let first = level.first {
            depth += 1
            #expect(first.hasChildren == !first.children.isEmpty)
            level = first.children
        }
        #expect(depth == CategoryNode.maxDepth)
        #expect(forest[0].children[0].color == SafeColor.neutral, "a colour that is not #RRGGBB is not rendered")
    }

    @Test func nilOptionalsRenderEmptyInsteadOfTheParentsValue() throws {
        struct Inner: ViewModel {
            let name: String?
            let items: [String]
        }
        struct Outer: ViewModel {
            let name: String
            let inner: Inner
            let items: [String]
        }
        let library = MustacheLibrary(templates: [
            "t": try MustacheTemplate(
                string:
                    "{{#inner}}[{{name}}]{{#name}}yes{{/name}}{{^name}}none{{/name}}{{#items}}{{.}}{{/items}}{{/inner}}"
            )
        ])
        let text = library.render(
            Outer(name: "parent", inner: Inner(name: nil, items: []), items: ["x"]),
            withTemplate: "t"
        )
        #expect(text == "[]none", "the inner nil and empty list do not read the outer name and items")
    }

    @Test func keysNoViewModelDeclaresAreNoted() throws {
        struct Row: ViewModel { let name: String }
        struct Page: ViewModel {
            let rows: [Row]
            let heading: String
        }
        let library = MustacheLibrary(templates: [
            "t": try MustacheTemplate(
                string: "{{title}}/{{heading}}:{{#rows}}{{name}}{{nmae}}{{book.id}}{{/rows}}{{typo}}"
            )
        ])
        let layout = LayoutModel(title: "T", csrf: "", user: nil, book: nil, today: "")
        let undeclared = UndeclaredKeys()
        var root = PageModel(layout: layout, content: Page(rows: [Row(name: "a"), Row(name: "b")], heading: "H"))
        root.undeclared = undeclared
        #expect(library.render(root, withTemplate: "t") == "T/H:ab")
        #expect(undeclared.all == ["nmae", "typo"], "book is the layout's (nil here), the others are typos")
    }

    @Test func searchResultsAndLatestRecordsShowTheirDates() async throws {
        try await withApp { client, store in
            let (browser, _, book) = try await signedIn(client, store)
            for (date, payee) in [("2026-03-14", "Corner Cafe"), ("2025-12-01", "Winter Market")] {
                let added = try await browser.post(
                    "/books/\(book)/transactions",
                    [("amount", "4.50"), ("payee", payee), ("date", date)]
                )
                #expect(added.status == .seeOther, "\(added.text)")
            }
            let search = try await browser.get("/books/\(book)/search")
            #expect(search.status == .ok)
            #expect(search.text.contains("<time datetime=\"2026-03-14\">14 Mar 2026</time>"), "\(search.text)")
            #expect(search.text.contains("<time datetime=\"2025-12-01\">1 Dec 2025</time>"))
            let dashboard = try await browser.get("/books/\(book)/dashboard?date=2026-03-14")
            #expect(
                dashboard.text.contains("<time datetime=\"2026-03-14\">14 Mar 2026</time>"),
                "latest records show dates"
            )
            let day = try await browser.get("/books/\(book)/days/2026-03-14")
            #expect(day.text.contains("Corner Cafe") && !day.text.contains("<time"), "the day view is one date already")
            let record = try #require(search.text.range(of: "/transactions/")).upperBound
            let id = search.text[record...].prefix { $0.isNumber }
            let confirm = try await browser.get("/books/\(book)/transactions/\(id)/delete")
            #expect(confirm.text.contains("<time datetime="))
        }
    }

    @Test func noTemplateHasAnInlineStyle() throws {
        let folder = try #require(Bundle.module.resourceURL).appendingPathComponent("Templates")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter {
            $0.hasSuffix(".mustache")
        }
        #expect(files.count >= 30)
        for file in files {
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            #expect(!text.lowercased().contains("style="), "\(file) has an inline style, which the CSP refuses")
            #expect(!text.lowercased().contains("<style"), "\(file) has a <style> element")
        }
    }

    @Test func pagesWithChartsAndRecordsHaveNoInlineStyle() async throws {
        try await withApp { client, store in
            let (browser, _, book) = try await signedIn(client, store)
            let user = try #require(try await store.users.user(email: "ann@example.com"))
            let categories = try await store.books.categories(in: try await store.scope(user, book: book))
            let food = try #require(categories.first { $0.name == "Food" })
            for (amount, payee) in [("12.50", "Cafe"), ("99.99", "Market")] {
                try await browser.post(
                    "/books/\(book)/transactions",
                    [("amount", amount), ("payee", payee), ("date", "2026-03-14"), ("category", String(food.id))]
                )
            }
            try await browser.post(
                "/books/\(book)/transactions",
                [("amount", "1000"), ("payee", "Work"), ("date", "2026-03-01"), ("kind", "income")]
            )
            for path in [
                "/books/\(book)/dashboard?date=2026-03-14", "/books/\(book)/reports?from=2026-01-01&to=2026-03-31",
                "/books/\(book)/search", "/books/\(book)/days/2026-03-14", "/books/\(book)/categories",
                "/books/\(book)/calendar?month=2026-03",
            ] {
                let page = try await browser.get(path)
                #expect(page.status == .ok, "\(path)")
                #expect(!page.text.contains("style="), "\(path) has an inline style")
            }
        }
    }

    @Test func hostileNamesAreEscapedOnTheCategoriesDashboardAndSearchPages() async throws {
        let script = "<script>alert(1)</script>"
        let hostile = [script, "{{x}} \"q\" 'a'", "Café 🍕👨‍👩‍👧", "مرحبا بالعالم"]
        try await withApp { client, store in
            let (browser, user, book) = try await signedIn(client, store)
            for name in hostile {
                let created = try await browser.post(
                    "/books/\(book)/categories",
                    [("name", name), ("kind", "expense"), ("color", "#112233")]
                )
                #expect(created.status == .seeOther, "\(name): \(created.text)")
            }
            let categories = try await store.books.categories(in: try await store.scope(user, book: book))
            for name in hostile {
                let category = try #require(categories.first { $0.name == name })
                let added = try await browser.post(
                    "/books/\(book)/transactions",
                    [
                        ("amount", "3.21"), ("payee", name), ("note", name), ("date", "2026-03-14"),
                        ("category", String(category.id)),
                    ]
                )
                #expect(added.status == .seeOther, "\(name): \(added.text)")
            }
            let pages = [
                "/books/\(book)/categories", "/books/\(book)/dashboard?date=2026-03-14",
                "/books/\(book)/search", "/books/\(book)/search?q=script",
                "/books/\(book)/reports?from=2026-03-01&to=2026-03-31&by=payee",
            ]
            for path in pages {
                let page = try await browser.get(path)
                #expect(page.status == .ok, "\(path)")
                #expect(!page.text.contains(script), "\(path) shows the script unescaped")
                #expect(!page.text.contains("<script>"), "\(path)")
                #expect(page.text.contains("&lt;script&gt;alert(1)&lt;/script&gt;"), "\(path) shows the name, escaped")
                #expect(!page.text.contains("{{x}} \"q\""), "\(path): quotes are escaped")
                if !path.contains("q=") {
                    #expect(
                        page.text.contains("Café 🍕👨‍👩‍👧") && page.text.contains("مرحبا بالعالم"),
                        "\(path): emoji and RTL text shown as typed"
                    )
                }
            }
            let search = try await browser.get("/books/\(book)/search")
            #expect(
                search.text.contains("{{x}} &quot;q&quot; &#39;a&#39;"),
                "template syntax in a value is shown, not run"
            )
        }
    }
}
