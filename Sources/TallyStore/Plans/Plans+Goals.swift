import Foundation
import SQLKit
import TallyCore

/// A goal with its plan on a date.
public struct GoalStanding: Sendable, Hashable {
    /// The goal.
    public let goal: Goal
    /// What it needs, as of `date`.
    public let plan: GoalPlan
    /// The day the plan was worked out for.
    public let date: LocalDate

    /// A standing from its parts.
    public init(goal: Goal, plan: GoalPlan, date: LocalDate) {
        self.goal = goal
        self.plan = plan
        self.date = date
    }
}

/// Money put toward a goal.
public struct GoalContribution: Sendable, Hashable {
    /// Row id.
    public let id: ContributionID
    /// The goal.
    public let goalID: GoalID
    /// How much (always positive; deleting a contribution takes it back).
    public let amount: Money
    /// When.
    public let date: LocalDate
    /// Free text.
    public let note: String
    /// The transfer recorded with it, if any.
    public let transactionID: TransactionID?

    /// A contribution from its parts.
    public init(
        id: ContributionID,
        goalID: GoalID,
        amount: Money,
        date: LocalDate,
        note: String,
        transactionID: TransactionID?
    ) {
        self.id = id
        self.goalID = goalID
        self.amount = amount
        self.date = date
        self.note = note
        self.transactionID = transactionID
    }
}

extension Plans {
    /// The book's goals with their plans: open ones first, then reached ones.
    public func goals(in scope: BookScope) async throws -> [GoalStanding] {
        let bookID = scope.bookID
        let today = scope.today
        let goals = try await database.read { db in try await Self.goals(db, book: bookID) }
        let standings = goals.map { GoalStanding(goal: $0, plan: $0.plan(today: today), date: today) }
        return standings.filter { $0.plan.status != .reached } + standings.filter { $0.plan.status == .reached }
    }

    /// One goal with its plan.
    public func goal(_ id: GoalID, in scope: BookScope) async throws -> GoalStanding {
        let bookID = scope.bookID
        let today = scope.today
        guard let goal = try await database.read({ db in try await Self.goals(db, book: bookID, id: id) }).first else {
            throw StoreError.notFound("goal")
        }
        return GoalStanding(goal: goal, plan: goal.plan(today: today), date: today)
    }

    /// Adds a goal.
    public func createGoal(in scope: BookScope, _ input: GoalInput) async throws -> GoalStanding {
        let bookID = scope.bookID
        let book = try scope.writable()
        let today = scope.today
        let draft = try GoalDraft.validate(input, base: nil, currency: book.currency, today: today)
        let id = try await database.write { db in
            let account = try await Self.goalAccount(db, book: bookID, draft.account)
            return try await db.raw(
                """
                INSERT INTO goals (book_id, name, price_minor, currency, saved_minor, income_minor, cycle, percent, target_date, account_id, created_on, created_at)
                VALUES (\(bind: bookID), \(bind: draft.name), \(bind: draft.price.minorUnits), \(bind: book.currency.code), \(bind: draft.saved.minorUnits),
                  \(bind: draft.income?.minorUnits), \(bind: draft.cycle.rawValue), \(bind: draft.percent), \(bind: draft.targetDate?.description),
                  \(bind: account ?? nil), \(bind: today.description), \(bind: Clock.timestamp()))
                RETURNING id
                """
            ).first()!.decode(column: "id", as: GoalID.self)
        }
        return try await goal(id, in: scope)
    }

    /// Changes the given fields; `saved` sets the amount saved so far, contributions included.
    public func updateGoal(_ id: GoalID, in scope: BookScope, _ input: GoalInput) async throws -> GoalStanding {
        let bookID = scope.bookID
        let book = try scope.writable()
        let today = scope.today
        try await database.write { db in
            guard let base = try await Self.goals(db, book: bookID, id: id).first else {
                throw StoreError.notFound("goal")
            }
            let draft = try GoalDraft.validate(input, base: base, currency: book.currency, today: today)
            let account = try await Self.goalAccount(db, book: bookID, draft.account)
            try await db.raw(
                """
                UPDATE goals SET name = \(bind: draft.name), price_minor = \(bind: draft.price.minorUnits),
                  saved_minor = \(bind: draft.saved.minorUnits - base.contributed.minorUnits), income_minor = \(bind: draft.income?.minorUnits),
                  cycle = \(bind: draft.cycle.rawValue), percent = \(bind: draft.percent), target_date = \(bind: draft.targetDate?.description),
                  account_id = \(bind: account == nil ? base.accountID : account!)
                WHERE id = \(bind: id) AND book_id = \(bind: bookID)
                """
            ).run()
        }
        return try await goal(id, in: scope)
    }

    /// Deletes a goal and its contributions (transfers recorded with them stay in the book).
    public func deleteGoal(_ id: GoalID, in scope: BookScope) async throws {
        let bookID = scope.bookID
        try scope.requireWrite()
        try await database.write { db in
            guard
                try await db.raw("DELETE FROM goals WHERE id = \(bind: id) AND book_id = \(bind: bookID) RETURNING id")
                    .first() != nil
            else {
                throw StoreError.notFound("goal")
            }
        }
    }

    /// Records money put toward a goal. With `fromAccount`, also records a transfer from it to
    /// the goal's savings account (or `toAccount`), so the account balances show the move.
    public func contribute(
        to goalID: GoalID,
        in scope: BookScope,
        amount rawAmount: String?,
        date rawDate: String? = nil,
        note rawNote: String? = nil,
        fromAccount: String? = nil,
        toAccount: String? = nil
    ) async throws -> GoalContribution {
        let bookID = scope.bookID
        let book = try scope.writable()
        let today = scope.today
        guard let rawAmount else { throw FieldError("amount", "is required") }
        let amount = try PlanValidate.amount(rawAmount, field: "amount", currency: book.currency)
        let date =
            try rawDate.flatMap { $0.trimmingSpaces().isEmpty ? nil : $0 }.map {
                try PlanValidate.date($0, field: "date")
            } ?? today
        let note = try PlanValidate.text(rawNote, field: "note", maxLength: 500)
        return try await database.write { db in
            guard let goal = try await Self.goals(db, book: bookID, id: goalID).first else {
                throw StoreError.notFound("goal")
            }
            var transactionID: TransactionID?
            if let from = Reference(fromAccount) {
                let accounts = try await Books.accounts(db, book: bookID)
                let source = try Books.resolve(from, in: accounts, field: "from_account")
                let target: Account
                if let to = Reference(toAccount) {
                    target = try Books.resolve(to, in: accounts, field: "to_account")
                } else if let id = goal.accountID, let found = accounts.first(where: { $0.id == id }) {
                    target = found
                } else {
                    throw FieldError(
                        "to_account",
                        "choose the savings account the money moves to (or set the goal's account)"
                    )
                }
                guard target.id != source.id else {
                    throw FieldError("to_account", "must differ from from_account")
                }
                let draft = TransactionDraft(
                    kind: .transfer,
                    amount: amount,
                    date: date,
                    time: nil,
                    payee: "",
                    category: nil,
                    account: .to(source.id),
                    toAccount: .to(target.id),
                    note: note.isEmpty ? "Saving for \(goal.name)" : note
                )
                transactionID = try await Records.insertTransaction(db, book: book, draft: draft)
            }
            let id = try await db.raw(
                """
                INSERT INTO goal_contributions (goal_id, amount_minor, date, note, transaction_id, created_at)
                VALUES (\(bind: goalID), \(bind: amount.minorUnits), \(bind: date.description), \(bind: note), \(bind: transactionID), \(bind: Clock.timestamp()))
                RETURNING id
                """
            ).first()!.decode(column: "id", as: ContributionID.self)
            return GoalContribution(
                id: id,
                goalID: goalID,
                amount: amount,
                date: date,
                note: note,
                transactionID: transactionID
            )
        }
    }

    /// A goal's contributions, newest first.
    public func contributions(to goalID: GoalID, in scope: BookScope) async throws -> [GoalContribution] {
        let standing = try await goal(goalID, in: scope)
        return try await database.read { db in
            try await db.raw(
                """
                SELECT id, amount_minor, date, note, transaction_id FROM goal_contributions WHERE goal_id = \(bind: goalID)
                ORDER BY date DESC, id DESC
                """
            ).all().map {
                try $0.decode(model: ContributionRow.self).contribution(
                    goal: goalID,
                    currency: standing.goal.price.currency
                )
            }
        }
    }

    /// Takes back a contribution, and the transfer recorded with it.
    public func deleteContribution(_ id: ContributionID, of goalID: GoalID, in scope: BookScope) async throws {
        let bookID = scope.bookID
        try scope.requireWrite()
        try await database.write { db in
            guard try await Self.goals(db, book: bookID, id: goalID).first != nil,
                let row = try await db.raw(
                    "DELETE FROM goal_contributions WHERE id = \(bind: id) AND goal_id = \(bind: goalID) RETURNING transaction_id"
                ).first()
            else {
                throw StoreError.notFound("contribution")
            }
            if let transaction = try row.decode(column: "transaction_id", as: TransactionID?.self) {
                try await Records.removeTransaction(db, book: bookID, id: transaction)
            }
        }
    }

    /// Sets (or, with nil, removes) the goal's photo: a JPEG, PNG, HEIC or WebP image.
    public func setGoalPhoto(_ goalID: GoalID, in scope: BookScope, bytes: [UInt8]?) async throws {
        let bookID = scope.bookID
        try scope.requireWrite()
        let photoType = try bytes.map { try Records.imageType($0, field: "photo").rawValue }
        try await database.write { db in
            guard
                try await db.raw(
                    """
                    UPDATE goals SET photo_type = \(bind: photoType), photo = \(bind: bytes.map { Data($0) })
                    WHERE id = \(bind: goalID) AND book_id = \(bind: bookID) RETURNING id
                    """
                ).first() != nil
            else { throw StoreError.notFound("goal") }
        }
    }

    /// The goal's photo and its media type.
    public func goalPhoto(_ goalID: GoalID, in scope: BookScope) async throws -> (type: String, data: Data) {
        let bookID = scope.bookID
        let row = try await database.read { db in
            try await db.raw(
                "SELECT photo_type, photo FROM goals WHERE id = \(bind: goalID) AND book_id = \(bind: bookID) AND photo IS NOT NULL"
            ).first()
        }
        guard let row else { throw StoreError.notFound("photo") }
        let photo = try row.decode(model: GoalPhotoRow.self)
        return (photo.photoType, photo.photo)
    }

    static func goals(_ db: any SQLDatabase, book: BookID, id: GoalID? = nil) async throws -> [Goal] {
        let filter: SQLQueryString = id.map { "AND g.id = \(bind: $0)" } ?? ""
        let rows = try await db.raw(
            """
            SELECT g.id, g.name, g.price_minor, g.currency, g.saved_minor, g.income_minor, g.cycle, g.percent, g.target_date, g.account_id,
              g.photo_type, g.created_on,
              CAST(COALESCE((SELECT SUM(c.amount_minor) FROM goal_contributions c WHERE c.goal_id = g.id), 0) AS BIGINT) AS contributed
            FROM goals g WHERE g.book_id = \(bind: book) \(filter) ORDER BY g.created_on, g.id
            """
        ).all()
        return try rows.map { try $0.decode(model: GoalRow.self).goal(book: book) }
    }

    /// The savings account: `nil` = not given, `.some(nil)` = cleared, else its id.
    static func goalAccount(_ db: any SQLDatabase, book: BookID, _ reference: Reference??) async throws -> AccountID?? {
        guard let reference else { return nil }
        guard let reference else { return .some(nil) }
        return .some(try Books.resolve(reference, in: try await Books.accounts(db, book: book), field: "account").id)
    }
}
