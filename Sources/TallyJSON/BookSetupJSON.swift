import TallyCore
import TallyStore

/// The JSON of a book and what it is set up with (members, categories, accounts, budgets, goals,
/// bills): what the API answers and what the whole-account export writes into `book.json`, so the
/// two cannot drift apart. Keys become snake_case; amounts are decimal strings. The API's other
/// shapes extend this namespace in the web module.
public enum APIModel {
    public struct BookJSON: Encodable, Sendable {
        public let id: BookID, name: String, currency: String, role: String, archived: Bool
        public init(_ book: Book) {
            id = book.id
            name = book.name
            currency = book.currency.code
            role = book.role.rawValue
            archived = book.archived
        }
    }

    /// A member of a book.
    public struct MemberJSON: Encodable, Sendable {
        public let userId: UserID, email: String, name: String, role: String, photoUrl: String?
        public init(_ member: Member, book: BookID) {
            userId = member.userID
            email = member.email
            name = member.name
            role = member.role.rawValue
            photoUrl = member.photoVersion.map { "/api/v1/books/\(book)/members/\(member.userID)/photo?v=\($0)" }
        }
    }

    public struct CategoryJSON: Encodable, Sendable {
        public let id: CategoryID, name: String, path: String, kind: String, parentId: CategoryID?, icon: String,
            color: String
        public init(_ category: Category, all: [Category]) {
            id = category.id
            name = category.name
            path = category.path(in: all)
            kind = category.kind.rawValue
            parentId = category.parentID
            icon = category.icon
            color = category.color
        }
    }

    public struct AccountJSON: Encodable, Sendable, SnakeCaseKeys, JSONWritable {
        public let id: AccountID, name: String, kind: String, currency: String, openingBalance: String, balance: String,
            archived: Bool
        /// The balance in the book's currency, when it differs from the account's and a rate applies.
        public var convertedBalance: String? = nil

        enum CodingKeys: String, CodingKey {
            case id, name, kind, currency, balance, archived
            case openingBalance = "opening_balance"
            case convertedBalance = "converted_balance"
        }
    }

    public struct BudgetJSON: Encodable, Sendable {
        public let id: BudgetID, name: String, limit: String, currency: String, cycle: String, weekStart: String,
            start: String,
            dayOfMonth: Int
        public let categories: [CategoryID], accounts: [AccountID], mode: String, main: Bool
        public init(_ b: Budget) {
            id = b.id
            name = b.name
            limit = b.limit.decimalString
            currency = b.limit.currency.code
            cycle = b.schedule.cycle.rawValue
            weekStart = b.schedule.weekStart.rawValue
            start = b.schedule.start.description
            dayOfMonth = b.schedule.dayOfMonth
            categories = b.categoryIDs
            accounts = b.accountIDs
            mode = b.mode.rawValue
            main = b.isMain
        }
    }

    public struct GoalJSON: Encodable, Sendable {
        public let id: GoalID, name: String, price: String, saved: String, currency: String, photo: String?,
            income: String?,
            cycle: String
        public let percent: Int?, targetDate: String?, account: AccountID?, perPeriod: String?, percentNeeded: Int?,
            predictedDate: String?
        public let periodsLeft: Int?, progress: String, remaining: String, status: String, message: String?
        public init(_ standing: GoalStanding) {
            let g = standing.goal
            let p = standing.plan
            id = g.id
            name = g.name
            price = g.price.decimalString
            saved = g.saved.decimalString
            currency = g.price.currency.code
            photo = g.photoType == nil ? nil : "/api/v1/books/\(g.bookID)/goals/\(g.id)/photo"
            income = g.income?.decimalString
            cycle = g.cycle.rawValue
            percent = g.percent
            targetDate = g.targetDate?.description
            account = g.accountID
            perPeriod = p.perPeriod?.decimalString
            percentNeeded = g.targetDate == nil ? nil : p.percent
            predictedDate = p.predictedDate?.description
            periodsLeft = p.periodsLeft
            progress = Share.decimal(p.progressBasisPoints)
            remaining = p.remaining.decimalString
            status = p.status.rawValue
            message = p.message
        }
    }

    public struct ContributionJSON: Encodable, Sendable {
        public let id: ContributionID, goalId: GoalID, amount: String, date: String, note: String,
            transaction: TransactionID?
        public init(_ c: GoalContribution) {
            id = c.id
            goalId = c.goalID
            amount = c.amount.decimalString
            date = c.date.description
            note = c.note
            transaction = c.transactionID
        }
    }

    public struct BillJSON: Encodable, Sendable {
        public let id: BillID, title: String, amount: String?, currency: String, cycle: String, dueDay: Int,
            everyMonths: Int,
            firstDue: String
        public let account: AccountID?, category: CategoryID?, url: String, remindDays: Int, note: String
        public init(_ b: Bill) {
            id = b.id
            title = b.title
            amount = b.amount?.decimalString
            currency = b.currency.code
            cycle = b.schedule.cycle.rawValue
            dueDay = b.schedule.dueDay
            everyMonths = b.schedule.everyMonths
            firstDue = b.schedule.firstDue.description
            account = b.accountID
            category = b.categoryID
            url = b.url
            remindDays = b.remindDays
            note = b.note
        }
    }
}

extension APIModel.AccountJSON {
    /// An account and its balance.
    public init(_ item: AccountBalance) {
        let a = item.account
        id = a.id
        name = a.name
        kind = a.kind.rawValue
        currency = a.currency.code
        openingBalance = a.openingBalance.decimalString
        balance = item.balance.decimalString
        archived = a.archived
        if let converted = item.converted, converted.currency != a.currency {
            convertedBalance = converted.decimalString
        }
    }
}

extension APIModel.AccountJSON {
    /// Keys in `JSONEncoder`'s sorted order, nil optionals left out as `encodeIfPresent` does.
    public func write(to json: inout JSONWriter) {
        json.object { json in
            json.key("archived")
            json.bool(archived)
            json.field("balance", balance)
            json.field("converted_balance", convertedBalance)
            json.field("currency", currency)
            json.field("id", id.rawValue)
            json.field("kind", kind)
            json.field("name", name)
            json.field("opening_balance", openingBalance)
        }
    }
}
