import AsyncHTTPClient
import Foundation
import NIOCore
import TallyCore
import TallyJSON
import TallyStore

/// The backend of a book on a server: the JSON API under `/api/v1/books/{book}`, its answers
/// decoded into the types `LocalBackend` returns.
struct RemoteBackend: TallyBackend {
    let client: ServerClient
    let book: BookID

    /// The backend for `target`, on `--book` or else the user's first book (as locally). The
    /// token says who the user is, so `--user` has no meaning here.
    static func connect(_ target: ServerTarget, who: UserOptions) async throws -> RemoteBackend {
        if who.user != nil {
            throw CLIError("--user is for local data; against a server the token says who you are")
        }
        let client = ServerClient(server: target.server, token: target.token)
        if let book = who.book { return RemoteBackend(client: client, book: book) }
        let books = try RemoteJSON.decode([RemoteJSON.Book].self, try await client.send(.GET, "/api/v1/books").body)
        guard let first = books.first else { throw CLIError("this account has no book") }
        return RemoteBackend(client: client, book: BookID(rawValue: first.id))
    }

    /// The book's path in the API.
    var base: String { "/api/v1/books/\(book)" }

    func currentBook() async throws -> Book {
        guard let found = try await RemoteBooks(client: client).books().first(where: { $0.id == book }) else {
            throw KnownError(.notFound, "book not found")
        }
        return found
    }

    func add(_ input: TransactionInput, key: String) async throws -> TransactionRecord {
        let (client, path, body) = (client, base + "/transactions", Self.body(input))
        func post() async throws -> ServerClient.Answer {
            try await client.send(.POST, path, json: body, headers: [("Idempotency-Key", key)], freshConnection: true)
        }
        let answer: ServerClient.Answer
        do {
            answer = try await post()
        } catch is Unreachable {
            // Once more on a broken connection: the server may have stored it and the answer
            // been lost, and the same key makes it answer with that record instead of a second.
            answer = try await post()
        }
        return try RemoteJSON.decode(RemoteJSON.Record.self, answer.body).record(book: book)
    }

    func quickAddDraft(_ text: String, order: QuickAddDateOrder?) async throws -> QuickAddDraft {
        var body: [String: Any] = ["text": text]
        if let order { body["date_order"] = order.rawValue }
        let answer = try await client.send(.POST, base + "/transactions/parse", json: body)
        return try RemoteJSON.decode(QuickAddDraft.self, answer.body)
    }

    /// The JSON body of `POST …/transactions`: the fields given, as typed.
    static func body(_ input: TransactionInput) -> [String: Any] {
        var body: [String: Any] = [:]
        let fields: [(String, String?)] = [
            ("kind", input.kind), ("amount", input.amount), ("currency", input.currency), ("date", input.date),
            ("time", input.time), ("payee", input.payee), ("category", input.category), ("account", input.account),
            ("to_account", input.toAccount), ("note", input.note),
        ]
        for case (let name, let value?) in fields { body[name] = value }
        if let lines = input.lines {
            body["lines"] = lines.map { line -> [String: Any] in
                let parts: [(String, String?)] = [
                    ("category", line.category), ("subcategory", line.subcategory), ("amount", line.amount),
                    ("note", line.note),
                ]
                var out: [String: Any] = [:]
                for case (let name, let value?) in parts { out[name] = value }
                return out
            }
        }
        if let tags = input.tags { body["tags"] = tags }
        return body
    }

    func forEachPage(_ query: RecordQuery, _ body: ([TransactionRecord]) async throws -> Void) async throws {
        var cursor: String?
        repeat {
            let page = try await page(query, cursor: cursor, limit: 500)
            try await body(try page.transactions.map { try $0.record(book: book) })
            cursor = page.nextCursor
        } while cursor != nil
    }

    private func page(_ query: RecordQuery, cursor: String?, limit: Int) async throws -> RemoteJSON.Page {
        var parameters = query.parameters + [("limit", String(limit))]
        if let cursor { parameters.append(("cursor", cursor)) }
        let answer = try await client.send(.GET, base + "/transactions", query: parameters)
        return try RemoteJSON.decode(RemoteJSON.Page.self, answer.body)
    }

    func search(_ query: RecordQuery, limit: Int) async throws -> SearchPage {
        let page = try await page(query, cursor: nil, limit: limit)
        return SearchPage(records: try page.transactions.map { try $0.record(book: book) }, summary: try page.summary())
    }

    func summaryReport(_ fields: [String: String]) async throws -> SummaryReport {
        let answer = try await client.send(.GET, base + "/reports/summary", query: Self.sorted(fields))
        return try RemoteJSON.decode(RemoteJSON.Summary.self, answer.body).report(tag: fields["tag"])
    }

    func trendReport(_ fields: [String: String], interval: String) async throws -> (TrendReport, ReportQuery) {
        let query = Self.sorted(fields) + [("interval", interval)]
        let answer = try await client.send(.GET, base + "/reports/trend", query: query)
        return try RemoteJSON.decode(RemoteJSON.Trend.self, answer.body).report(tag: fields["tag"])
    }

    func reportFile(_ fields: [String: String], interval: String?, format: String) async throws -> [UInt8] {
        var query = Self.sorted(fields) + [("format", format)]
        if let interval { query.append(("interval", interval)) }
        let path = base + (interval == nil ? "/reports/summary" : "/reports/trend")
        let answer = try await client.send(.GET, path, query: query)
        // The API's JSON is the local command's without the final newline a terminal wants.
        return format == "json" ? answer.body + [0x0A] : answer.body
    }

    func export(_ query: RecordQuery, format: RecordsExport.Format, to out: ExportOutput) async throws {
        // Every format is the server's own download, written by the same code, streamed through
        // as it comes.
        let response = try await client.start(
            .GET,
            base + "/transactions",
            query: query.parameters + [("format", format == .json ? "tally-json" : format.rawValue)]
        )
        try await client.check(response)
        try out.open()
        for try await buffer in response.body { try out.write(Data(buffer.readableBytesView)) }
    }

    func categories() async throws -> [Category] {
        let answer = try await client.send(.GET, base + "/categories")
        return try RemoteJSON.decode([RemoteJSON.CategoryEntry].self, answer.body).map { try $0.category(book: book) }
    }

    func accounts() async throws -> [AccountBalance] {
        let answer = try await client.send(.GET, base + "/accounts")
        return try RemoteJSON.decode([RemoteJSON.AccountEntry].self, answer.body).map { try $0.account(book: book) }
    }

    func tags(prefix: String) async throws -> [Tag] {
        let query = prefix.isEmpty ? [] : [("prefix", prefix)]
        let answer = try await client.send(.GET, base + "/tags", query: query)
        return try RemoteJSON.decode([RemoteJSON.TagEntry].self, answer.body).map(\.tag)
    }

    func renameTag(_ name: String, to newName: String) async throws -> Tag {
        let id = try Tally.tagID(name, in: try await tags(prefix: ""))
        let answer = try await client.send(.PATCH, base + "/tags/\(id)", json: ["name": newName])
        return try RemoteJSON.decode(RemoteJSON.TagEntry.self, answer.body).tag
    }

    func deleteTag(_ name: String) async throws {
        let id = try Tally.tagID(name, in: try await tags(prefix: ""))
        _ = try await client.send(.DELETE, base + "/tags/\(id)")
    }

    /// Report fields as query parameters, in a fixed order.
    private static func sorted(_ fields: [String: String]) -> [(String, String)] {
        fields.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
    }
}
