import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import TallyCore
import TallyFiles
import TallyStore
import TallyWeb
import Testing

/// Text that breaks naive pages, CSV files and templates: markup, quotes, Mustache tags, a
/// spreadsheet formula, right-to-left text and emoji. Every fixture name and note uses it.
enum Hostile {
    static let script = "<script>alert(1)</script>"
    static let bold = "<b>bold</b>"
    /// A name that fits the 60-character limit of categories, accounts, budgets, goals and bills.
    static func name(_ tag: String) -> String {
        String("\(script)\"'&{{x}}=cmd 💸 مرحبا \(tag)".prefix(60))
    }
    /// A 200-character payee: the longest a record takes. (No U+202E or other invisible
    /// character: those are refused where text enters, see `API.Edges`.)
    static let payee: String = {
        let seed = "=HYPERLINK(\"http://x\") \(script) \(bold) \"q\" 'a' & {{x}} {{{y}}} שלום مرحبا abc 👨‍👩‍👧‍👦🏳️‍🌈 "
        var text = ""
        while text.count < 200 { text += seed }
        return String(text.prefix(200))
    }()
    /// A long note.
    static let note = String(repeating: "\(script) {{x}} =1+2 @SUM(1) +1 -2 \t\(bold) 🧾 ", count: 20)
}

/// The values that fill each route parameter, and the users who try them.
struct SurfaceBook {
    let owner: Owner
    let stranger: Owner
    let ownerBrowser: Browser
    let strangerBrowser: Browser
    /// Valid values: `book`, `transactions`, `categories`, `accounts`, `budgets`, `goals`, `bills`,
    /// `receipts`, `tokens`, `invitations` (ids, keyed by the path segment before `:id`), `date`,
    /// `due`, `contribution`, `file`, `token` (a pending invitation's), `user` (the owner's id).
    let values: [String: String]
    /// How many records the book holds.
    let recordCount: Int

    /// The path with every `{name}` filled in: `:id` by the collection named just before it.
    func fill(_ path: String, override: [String: String] = [:]) -> String {
        var out: [String] = []
        var previous = ""
        for part in path.split(separator: "/", omittingEmptySubsequences: true).map(String.init) {
            if part.hasPrefix("{") && part.hasSuffix("}") {
                let name = String(part.dropFirst().dropLast())
                let key = name == "id" ? previous : name
                out.append(override[name] ?? values[key] ?? "1")
            } else {
                out.append(part)
            }
            previous = part
        }
        return "/" + out.joined(separator: "/")
    }
}

/// Builds the fixture: ≥ 3,000 records from Tally's demo generator, hostile text in every
/// text field, budgets of every cycle and mode, goals, bills, a receipt, a goal photo, and a second
/// user with a book of their own.
func makeSurfaceBook(_ client: Client, store: Store, records: Int = 3_000) async throws -> SurfaceBook {
    let owner = try await makeOwner(client, email: "owner@example.com")
    let stranger = try await makeOwner(client, email: "stranger@example.com")
    let csv = try generatedRecords(records)
    let imported = try await client.post(
        "\(owner.books)/imports",
        token: owner.token,
        body: ByteBuffer(string: csv),
        headers: [.contentType: "text/csv"]
    )
    try #require(imported.status == .created, "import: \(imported.text.prefix(300))")

    func post(_ path: String, _ fields: [String: Any]) async throws -> [String: Any] {
        let response = try await client.post("\(owner.books)/\(path)", token: owner.token, json: json(fields))
        try #require(response.status == .created || response.status == .ok, "\(path): \(response.text)")
        return try #require(try JSONSerialization.jsonObject(with: Data(buffer: response.body)) as? [String: Any])
    }
    func id(_ object: [String: Any]) -> String { "\(object["id"] ?? "")" }

    let parent = try await post("categories", ["name": Hostile.name("parent"), "icon": "💣", "color": "#AA3355"])
    let child = try await post("categories", ["name": Hostile.name("child"), "parent": id(parent)])
    let income = try await post("categories", ["name": Hostile.name("income"), "kind": "income"])
    let account = try await post(
        "accounts",
        ["name": Hostile.name("account"), "kind": "checking", "opening_balance": "9999999999.99"]
    )
    let record = try await post(
        "transactions",
        [
            "amount": "9999999999.99", "payee": Hostile.payee, "note": Hostile.note, "category": id(child),
            "account": id(account),
        ]
    )
    _ = try await post(
        "transactions",
        ["amount": "9999999999.99", "payee": Hostile.name("p2"), "category": id(parent), "date": "2199-12-31"]
    )
    _ = try await post(
        "transactions",
        [
            "amount": "9999999999.99", "payee": Hostile.name("p3"), "kind": "income", "category": id(income),
            "date": "1900-01-01",
        ]
    )
    _ = try await post(
        "transactions",
        [
            "amount": "0.01", "payee": Hostile.name("p4"), "kind": "transfer", "account": id(account),
            "to_account": "Cash",
        ]
    )
    // Other currencies at the edges: the largest rate (a conversion past the amount limit stays
    // unconverted), the smallest (rounds to zero), and a currency with no rate at all.
    _ = try await post("rates", ["date": "1900-01-01", "currency": "EUR", "rate": "999999999999999"])
    _ = try await post("rates", ["date": "2199-12-31", "currency": "JPY", "rate": "0.000000000001"])
    for (amount, currency, date) in [
        ("9999999999.99", "EUR", "2199-12-31"), ("1.00", "EUR", "2024-06-01"), ("999999999999", "JPY", "2199-12-31"),
        ("1.234", "KWD", "2024-06-02"),
    ] {
        _ = try await post(
            "transactions",
            [
                "amount": amount, "currency": currency, "payee": Hostile.name("fx"), "category": id(parent),
                "date": date,
            ]
        )
    }

    let receipt = try await client.post(
        "\(owner.books)/transactions/\(id(record))/receipts",
        token: owner.token,
        body: ByteBuffer(bytes: Images.png),
        headers: [.contentType: "image/png"]
    )
    try #require(receipt.status == .created, "receipt: \(receipt.text)")
    let receiptID =
        "\(try #require(try JSONSerialization.jsonObject(with: Data(buffer: receipt.body)) as? [String: Any])["id"] ?? "")"

    var budget = ""
    for cycle in ["daily", "weekly", "biweekly", "fourweekly", "monthly", "quarterly", "yearly"] {
        for mode in ["saver", "spender"] {
            budget = id(
                try await post(
                    "budgets",
                    [
                        "name": Hostile.name("\(cycle) \(mode)"), "limit": "9999999999.99", "cycle": cycle,
                        "mode": mode, "start": "1900-01-01",
                        "day_of_month": 31, "week_start": "sunday",
                    ]
                )
            )
        }
    }
    _ = try await post(
        "budgets",
        ["name": Hostile.name("scoped"), "limit": "0.01", "cycle": "monthly", "categories": [id(parent)]]
    )
    let goal = try await post(
        "goals",
        [
            "name": Hostile.name("goal"), "price": "9999999999.99", "saved": "0.01", "income": "9999999999.99",
            "cycle": "weekly", "percent": 1,
        ]
    )
    _ = try await post(
        "goals",
        [
            "name": Hostile.name("dated"), "price": "1000.00", "income": "10.00", "cycle": "monthly",
            "target_date": "2199-12-31",
        ]
    )
    let contribution = try await post(
        "goals/\(id(goal))/contributions",
        ["amount": "9999999999.99", "note": Hostile.name("c")]
    )
    let photo = try await client.send(
        .put,
        "\(owner.books)/goals/\(id(goal))/photo",
        token: owner.token,
        body: ByteBuffer(bytes: Images.jpeg),
        headers: [.contentType: "image/jpeg"]
    )
    try #require(photo.status.code < 300, "photo: \(photo.text)")

    let user = try #require(try await store.users.user(email: owner.email))
    let today = try await store.settings.today(for: user)
    var bill = ""
    for (cycle, extra) in [
        ("monthly", [String: Any]()), ("weekly", [:]), ("yearly", [:]), ("every_n_months", ["every_months": 5]),
    ] {
        bill = id(
            try await post(
                "bills",
                [
                    "title": Hostile.name(cycle), "amount": "9999999999.99", "cycle": cycle,
                    "first_due": today.description,
                    "due_day": today.day, "url": "https://example.com/pay?q=%3Cscript%3E", "note": Hostile.name("n"),
                    "remind_days": 3,
                ].merging(extra) { a, _ in a }
            )
        )
    }
    _ = try await post("bills/\(bill)/occurrences/\(today)/pay", ["paid_on": today.description])

    let invitation = try await post("invitations", ["role": "viewer"])

    let tokens: [TokenJSON] = try await client.get("/api/v1/tokens", token: owner.token).decode()
    let file = try await feedFile(client, owner)

    let ownerBrowser = try await signedIn(client, owner)
    let strangerBrowser = try await signedIn(client, stranger)
    let values: [String: String] = [
        "book": String(owner.book), "transactions": id(record), "categories": id(child), "accounts": id(account),
        "budgets": budget,
        "goals": id(goal), "bills": bill, "receipts": receiptID, "tokens": String(try #require(tokens.first).id),
        "date": today.description, "due": today.description, "contribution": id(contribution), "file": file,
        "invitations": id(invitation), "token": "\(invitation["token"] ?? "")", "user": String(owner.id),
    ]
    return SurfaceBook(
        owner: owner,
        stranger: stranger,
        ownerBrowser: ownerBrowser,
        strangerBrowser: strangerBrowser,
        values: values,
        recordCount: records + 4
    )
}

/// The `{token}.ics` file name of the owner's calendar feed, from the URL the API shows.
private func feedFile(_ client: Client, _ owner: Owner) async throws -> String {
    for (method, path) in [(HTTPRequest.Method.get, "/api/v1/calendar-feed"), (.post, "/api/v1/calendar-feed/rotate")] {
        let response = try await client.send(method, path, token: owner.token)
        if let object = try? JSONSerialization.jsonObject(with: Data(buffer: response.body)) as? [String: Any],
            let url = object.values.compactMap({ $0 as? String }).first(where: { $0.contains("/calendar/") }),
            let last = url.split(separator: "/").last
        {
            return String(last)
        }
    }
    Issue.record("no calendar feed URL from the API")
    return "0.ics"
}

/// A browser signed in through the login form.
func signedIn(_ client: Client, _ owner: Owner) async throws -> Browser {
    let browser = Browser(client)
    try await browser.get("/login")
    let response = try await browser.post("/login", [("email", owner.email), ("password", owner.password)])
    try #require(response.status == .seeOther, "login: \(response.status) \(response.text.prefix(300))")
    return browser
}

/// `count` records in Tally CSV, made by `tally demo`'s generator (the same for the same seed).
func generatedRecords(_ count: Int) throws -> String {
    var csv = TallyCSV.header(time: false, toAccount: false)
    for record in DemoGenerator(count: count, seed: 7, start: LocalDate(year: 2024, month: 1, day: 1)!, years: 3) {
        csv += TallyCSV.line(record, time: false, toAccount: false)
    }
    return csv
}
