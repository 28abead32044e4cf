import Foundation
import SQLKit
import TallyCore

/// A record a rule changes: what it was and what it becomes.
public struct RuleChange: Sendable, Equatable {
    /// The record.
    public var id: TransactionID
    /// Its day.
    public var date: LocalDate
    /// Its amount.
    public var amount: Money
    /// Before.
    public var before: RuleFields
    /// After.
    public var after: RuleFields

    /// A change from its parts.
    public init(id: TransactionID, date: LocalDate, amount: Money, before: RuleFields, after: RuleFields) {
        self.id = id
        self.date = date
        self.amount = amount
        self.before = before
        self.after = after
    }
}

/// The fields a rule sets, as stored.
public struct RuleFields: Sendable, Equatable, Codable {
    /// Payee.
    public var payee: String
    /// Note.
    public var note: String
    /// Category id.
    public var categoryID: Int64?
    /// Account id.
    public var accountID: Int64?
    /// The record's tags, when the rule adds one (nil when it leaves them, and in runs kept before
    /// rules could add tags).
    public var tags: [String]?

    /// The fields of one record.
    public init(payee: String, note: String, categoryID: Int64?, accountID: Int64?, tags: [String]? = nil) {
        self.payee = payee
        self.note = note
        self.categoryID = categoryID
        self.accountID = accountID
        self.tags = tags
    }

    /// Whether a record's fields now are what a run left: tags count only when the run set them.
    func same(as applied: RuleFields) -> Bool {
        var now = self
        if applied.tags == nil { now.tags = nil }
        return now == applied
    }
}

/// A rule applied to existing records, or its preview.
public struct RuleRun: Sendable, Equatable {
    /// The run's id, to undo it; nil for a preview.
    public var id: Int64?
    /// How many records it changes (or changed).
    public var count: Int
    /// The first 100 of them, before → after.
    public var changes: [RuleChange]

    /// A run from its parts.
    public init(id: Int64?, count: Int, changes: [RuleChange]) {
        self.id = id
        self.count = count
        self.changes = changes
    }
}

extension Rules {
    /// Applies rule `id` to the book's existing records: with `dryRun`, only says which records it
    /// would change and how; otherwise changes them in batches of bounded size and time, each its
    /// own transaction (see `LongWriteLimits`), kept as one run that `undoRun` reverses. While it
    /// runs, a second long write in the book is refused (409); if it fails, or its process dies,
    /// what it changed is undone. Transfers keep their accounts and stay without a category.
    public func applyRule(_ id: Int64, in scope: BookScope, dryRun: Bool) async throws -> RuleRun {
        try await applyRule(id, in: scope, dryRun: dryRun, limits: .standard.on(database.engine))
    }

    func applyRule(_ id: Int64, in scope: BookScope, dryRun: Bool, limits: LongWriteLimits) async throws -> RuleRun {
        guard dryRun else { return try await applyInBatches(id, book: try scope.writable(), limits: limits) }
        let book = scope.book
        return try await database.read { db in
            let rule = try await Self.rule(db, id, book: book.id)
            var changes: [RuleChange] = []
            var after = RecordKey.first
            while true {
                let page = try await Self.matchPage(db, rule, book: book.id, after: after, upTo: .max, limit: 5000)
                changes += page.changes.map(\.change)
                guard let last = page.last, page.scanned == 5000 else { break }
                after = last
            }
            return RuleRun(id: nil, count: changes.count, changes: Array(Self.inOrder(changes).prefix(100)))
        }
    }

    /// The rule, or 404.
    static func rule(_ db: any SQLDatabase, _ id: Int64, book: BookID) async throws -> Rule {
        guard let rule = try await Self.load(db, book: book).first(where: { $0.id == id }) else {
            throw StoreError.notFound("rule")
        }
        return rule
    }

    /// Changes in the order a run shows them: by date, then id.
    static func inOrder(_ changes: [RuleChange]) -> [RuleChange] {
        changes.sorted { ($0.date, $0.id.rawValue) < ($1.date, $1.id.rawValue) }
    }

    /// What the rule changes among the book's next `limit` records after `after` (of ids up to
    /// `last`), in the order of the book's (date, time, id) index, which both engines read as one
    /// range (by id, SQLite took the book's index and sorted all of it for every page): the changes
    /// with their keys, the last key read and how many were read.
    static func matchPage(
        _ db: any SQLDatabase,
        _ rule: Rule,
        book: BookID,
        after: RecordKey,
        upTo last: Int64,
        limit: Int
    ) async throws -> (changes: [(change: RuleChange, key: RecordKey)], last: RecordKey?, scanned: Int) {
        var out: [(change: RuleChange, key: RecordKey)] = []
        var page: [(r: Stored, date: LocalDate, amount: Money, before: RuleFields, next: RuleFields)] = []
        let rows = try await db.raw(
            """
            SELECT id, kind, amount_minor, currency, date, time, payee, note, category_id, account_id, line_count,
            tag_count FROM transactions WHERE book_id = \(bind: book)
            AND (date, time, id) > (\(bind: after.date), \(bind: after.time), \(bind: after.id)) AND id <= \(bind: last)
            ORDER BY date, time, id LIMIT \(bind: limit)
            """
        ).all()
        var lastKey: RecordKey?
        for row in rows {
            let r = try row.decode(model: Stored.self)
            lastKey = RecordKey(date: r.date, time: r.time, id: r.id)
            guard let kind = TransactionKind(rawValue: r.kind), let currency = Currency(code: r.currency),
                let date = LocalDate(r.date)
            else { continue }
            let amount = Money(minorUnits: kind == .expense ? -r.amountMinor : r.amountMinor, currency: currency)
            let candidate = RuleCandidate(
                payee: r.payee,
                note: r.note,
                amount: amount,
                accountID: r.accountID,
                kind: kind
            )
            guard rule.matches(candidate) else { continue }
            let before = RuleFields(payee: r.payee, note: r.note, categoryID: r.categoryID, accountID: r.accountID)
            var next = before
            if let payee = rule.actions.payee { next.payee = payee }
            if let note = rule.actions.note { next.note = note }
            if kind != .transfer {
                // A split record's categories are its lines': a rule leaves them to the person.
                if let category = rule.actions.category, r.lineCount == 0 { next.categoryID = category }
                if let account = rule.actions.account { next.accountID = account }
            }
            page.append((r, date, amount, before, next))
        }
        // A tag is added to the record's own: the tags of the page's tagged matches, in one read.
        var tags: [Int64: [String]] = [:]
        if rule.actions.tag != nil {
            let tagged = page.filter { $0.r.tagCount > 0 }.map { $0.r.id }
            if !tagged.isEmpty {
                // A page of records reads its tags with it.
                let records = try await Records.page(
                    db,
                    ["t.book_id = \(bind: book)", "t.id IN (\(binds: tagged))"],
                    newestFirst: false,
                    after: nil,
                    limit: tagged.count
                ).records
                for record in records { tags[record.transaction.id.rawValue] = record.transaction.tags }
            }
        }
        for (r, date, amount, var before, var next) in page {
            if let tag = rule.actions.tag {
                let own = tags[r.id] ?? []
                before.tags = own
                let present = own.contains { Tags.key($0) == Tags.key(tag) }
                next.tags = present || own.count >= Tags.maxPerRecord ? own : own + [tag]
            }
            if next != before {
                let change = RuleChange(
                    id: TransactionID(rawValue: r.id),
                    date: date,
                    amount: amount,
                    before: before,
                    after: next
                )
                out.append((change, RecordKey(date: r.date, time: r.time, id: r.id)))
            }
        }
        return (out, lastKey, rows.count)
    }

    /// Sets the fields, moving the kept totals with them.
    static func write(
        _ db: any SQLDatabase,
        _ id: TransactionID,
        _ fields: RuleFields,
        book: BookID,
        totals: inout Totals
    ) async throws {
        try await RecordMoney.update(
            db,
            book: book,
            id: id,
            set: """
                payee = \(bind: fields.payee), payee_key = \(bind: Totals.payeeKey(fields.payee)), note = \(bind: fields.note),
                category_id = \(bind: fields.categoryID), account_id = \(bind: fields.accountID), updated_at = \(bind: Clock.timestamp())
                """,
            totals: &totals
        )
        if let tags = fields.tags { try await RecordTags.write(db, book: book, record: id, names: tags) }
    }

    /// The record's fields now; its tags only `withTags` (they cost a read of the whole record).
    static func current(
        _ db: any SQLDatabase,
        _ id: TransactionID,
        book: BookID,
        withTags: Bool
    ) async throws -> RuleFields? {
        guard
            let r = try await db.raw(
                """
                SELECT id, kind, amount_minor, currency, date, time, payee, note, category_id, account_id, line_count,
                tag_count FROM transactions WHERE id = \(bind: id) AND book_id = \(bind: book)
                """
            ).first()?.decode(model: Stored.self)
        else { return nil }
        return RuleFields(
            payee: r.payee,
            note: r.note,
            categoryID: r.categoryID,
            accountID: r.accountID,
            tags: withTags ? try await Records.record(db, id, book: book).transaction.tags : nil
        )
    }

    static func json(_ fields: RuleFields) throws -> String {
        String(decoding: try JSONEncoder().encode(fields), as: UTF8.self)
    }

    static func fields(_ text: String) throws -> RuleFields {
        try JSONDecoder().decode(RuleFields.self, from: Data(text.utf8))
    }

    struct Stored: Decodable {
        let id: Int64
        let kind: String
        let amountMinor: Int64
        let currency: String
        let date: String
        let time: String
        let payee: String
        let note: String
        let categoryID: Int64?
        let accountID: Int64?
        let lineCount: Int
        let tagCount: Int

        enum CodingKeys: String, CodingKey {
            case id, kind, currency, date, time, payee, note
            case amountMinor = "amount_minor"
            case categoryID = "category_id"
            case accountID = "account_id"
            case lineCount = "line_count"
            case tagCount = "tag_count"
        }
    }
}

/// Where a long write over a book's records got to: a place in its (date, time, id) index.
struct RecordKey: Sendable, Equatable {
    var date: String
    var time: String
    var id: Int64

    /// Before every record.
    static let first = RecordKey(date: "", time: "", id: 0)
}
