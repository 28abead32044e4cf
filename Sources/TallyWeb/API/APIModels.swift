import Hummingbird
import TallyCore
import TallyJSON
import TallyStore

/// JSON shapes of the API (keys become snake_case). Amounts are decimal strings.
extension APIModel {
    /// An invitation; `token` and `url` only in the answer that made it.
    struct InvitationJSON: ResponseEncodable {
        let id: InvitationID, book: BookID, bookName: String, role: String, email: String?, invitedBy: String?
        let expiresAt: String, status: String, token: String?, url: String?
        init(_ invitation: Invitation, token: String? = nil, publicURL: String = "") {
            id = invitation.id
            book = invitation.bookID
            bookName = invitation.bookName
            role = invitation.role.rawValue
            email = invitation.email
            invitedBy = invitation.invitedBy
            expiresAt = invitation.expiresAt
            status = invitation.status.rawValue
            self.token = token
            url = token.map { InvitationLink.url(token: $0, publicURL: publicURL) }
        }
    }

    /// The answer to accepting an invitation: the book joined.
    struct AcceptedJSON: ResponseEncodable {
        let book: BookJSON
    }

    /// A record. It writes its own JSON (`APIModels+JSONWritable.swift`): a page holds up to
    /// 500. Its ids are plain integers, unlike the other shapes', from when `JSONEncoder` made an
    /// encoder object for each typed id.
    struct TransactionJSON: ResponseEncodable, JSONWritable {
        let id: Int64, kind: String, amount: String, currency: String, date: String, time: String?
        let payee: String, category: String?, categoryId: Int64?, account: String?, accountId: Int64?
        let toAccount: String?, toAccountId: Int64?, note: String, receipts: Int
        /// The amount in the book's currency; null while no rate converts it.
        let baseAmount: Nullable<String>
        /// A split record's lines; left out when it has one category.
        let lines: [LineJSON]?
        /// The record's tags, in the order given; always present (`[]` for none).
        let tags: [String]
    }

    /// One line of a split record.
    struct LineJSON: Encodable, Sendable {
        /// "Food:Groceries"; left out (with its id) when the line is uncategorised.
        let category: String?, categoryId: Int64?, amount: String, note: String
    }

    /// A string that is written as `null` when absent, rather than left out.
    struct Nullable<Value: Encodable & Sendable>: Encodable, Sendable {
        let value: Value?

        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            if let value { try container.encode(value) } else { try container.encodeNil() }
        }
    }

    struct PageJSON: ResponseEncodable, JSONWritable {
        let transactions: [TransactionJSON]
        let nextCursor: String?
        /// Every match, not only this page: count, expense and income sums and income − expense
        /// in the book's currency, and each kind's sum per currency.
        let count: Int
        let expenses: String, income: String, total: String, currency: String
        let totals: [ReportJSON.TotalJSON]
        /// Each kind's sum per other currency, as entered.
        let originals: [ReportJSON.TotalJSON]
        /// The matching records the totals leave out for want of a rate (the first 50), and how many.
        let unconverted: [ReportJSON.UnconvertedJSON]
        let unconvertedCount: Int
    }

    struct CalendarDayJSON: ResponseEncodable {
        let date: String, expense: String, income: String, count: Int
    }

    struct CalendarJSON: ResponseEncodable {
        let month: String, currency: String, days: [CalendarDayJSON]
        let expense: String, income: String, cashFlow: String, count: Int, dailyAverage: String
        /// The month's records the sums leave out for want of a rate (the first 50), and how many.
        let unconverted: [ReportJSON.UnconvertedJSON]
        let unconvertedCount: Int
        init(_ summary: MonthSummary) {
            unconverted = summary.unconverted.records.map(ReportJSON.UnconvertedJSON.init)
            unconvertedCount = summary.unconverted.count
            month = summary.month.description
            currency = summary.expense.currency.code
            days = summary.days.filter { $0.count > 0 }.map {
                CalendarDayJSON(
                    date: $0.date.description,
                    expense: $0.expense.decimalString,
                    income: $0.income.decimalString,
                    count: $0.count
                )
            }
            expense = summary.expense.decimalString
            income = summary.income.decimalString
            cashFlow = summary.cashFlow.decimalString
            count = summary.count
            dailyAverage = summary.dailyAverage.decimalString
        }
    }

    struct PayeeJSON: ResponseEncodable {
        let name: String, categoryId: CategoryID?, accountId: AccountID?, amount: String?
        init(_ payee: Payee) {
            name = payee.name
            categoryId = payee.lastCategoryID
            accountId = payee.lastAccountID
            amount = payee.lastAmount?.decimalString
        }
    }

    struct ReceiptJSON: ResponseEncodable {
        let id: ReceiptID, transactionId: TransactionID, contentType: String, bytes: Int, url: String
        init(_ receipt: Receipt, book: BookID) {
            id = receipt.id
            transactionId = receipt.transactionID
            contentType = receipt.type.rawValue
            bytes = receipt.byteSize
            url = "/api/v1/books/\(book)/receipts/\(receipt.id)"
        }
    }

    struct TokenJSON: ResponseEncodable {
        let id: TokenID, name: String, createdAt: String, lastUsedAt: String?
    }

    struct NewTokenJSON: ResponseEncodable {
        let id: TokenID, token: String
    }

    struct UserJSON: ResponseEncodable {
        let id: UserID, email: String
    }
}

/// JSON shapes of budgets, goals, bills and the Today view.
extension APIModel {
    struct PeriodJSON: ResponseEncodable {
        let periodStart: String, periodEnd: String, limit: String, carried: String, spent: String, remaining: String,
            usedShare: String?, alert: String
        init(_ s: BudgetPeriodStatus) {
            periodStart = s.period.from.description
            periodEnd = s.period.to.description
            limit = s.limit.decimalString
            carried = s.carried.decimalString
            spent = s.spent.decimalString
            remaining = s.remaining.decimalString
            usedShare = s.usedBasisPoints.map(Share.decimal)
            alert = s.alert.rawValue
        }
    }

    struct BudgetStatusJSON: ResponseEncodable {
        let budgetId: BudgetID, name: String, mode: String, date: String, periodStart: String, periodEnd: String,
            limit: String, spent: String
        let carried: String, remaining: String, usedShare: String?, daysLeft: Int, perDay: String, alert: String,
            currency: String
        init(_ standing: BudgetStanding) {
            let s = standing.status
            budgetId = standing.budget.id
            name = standing.budget.name
            mode = standing.budget.mode.rawValue
            date = standing.date.description
            periodStart = s.period.from.description
            periodEnd = s.period.to.description
            limit = s.limit.decimalString
            spent = s.spent.decimalString
            carried = s.carried.decimalString
            remaining = s.remaining.decimalString
            usedShare = s.usedBasisPoints.map(Share.decimal)
            daysLeft = s.daysLeft(on: standing.date)
            perDay = s.perDay(on: standing.date).decimalString
            alert = s.alert.rawValue
            currency = s.limit.currency.code
        }
    }

    struct OccurrenceJSON: ResponseEncodable {
        let billId: BillID, title: String, dueDate: String, status: String, paidOn: String?, amount: String?,
            transaction: TransactionID?, url: String
        init(_ o: BillOccurrence) {
            billId = o.bill.id
            title = o.bill.title
            dueDate = o.dueDate.description
            status = o.status.rawValue
            paidOn = o.paidOn?.description
            amount = o.amount?.decimalString
            transaction = o.transactionID
            url = o.bill.url
        }
    }

    struct TodayJSON: ResponseEncodable {
        let date: String, budget: BudgetStatusJSON?, spentToday: String, currency: String, dueSoon: [OccurrenceJSON]
        init(_ t: TodaySummary) {
            date = t.date.description
            budget = t.main.map(BudgetStatusJSON.init)
            spentToday = t.spentToday.decimalString
            currency = t.spentToday.currency.code
            dueSoon = t.dueSoon.map(OccurrenceJSON.init)
        }
    }

    struct SettingsJSON: ResponseEncodable {
        let timeZone: String, dailyReminder: Bool, reminderTime: String
        let locale: Nullable<String>, firstWeekday: Nullable<Int>
        init(_ s: UserSettings) {
            timeZone = s.timeZone
            dailyReminder = s.dailyReminder
            reminderTime = s.reminderTime.description
            locale = Nullable(value: s.locale)
            firstWeekday = Nullable(value: s.firstWeekday)
        }
    }

    /// A language `GET /locales` lists.
    struct LocaleJSON: ResponseEncodable {
        let tag: String, name: String, nativeName: String, direction: String
        init(_ language: Language) {
            tag = language.tag
            name = language.englishName
            nativeName = language.nativeName
            direction = language.direction.rawValue
        }
    }
}

// The three initialisers from store values live in extensions so that the structs keep their
// memberwise initialisers, with which `JSONWriterTests` builds them from hostile text.

extension APIModel.TransactionJSON {
    /// A stored record as the API shows it, with its amount in the book's currency `base`.
    init(_ record: TransactionRecord, base: Currency) {
        let t = record.transaction
        baseAmount = APIModel.Nullable(value: t.baseMinor.map { Money(minorUnits: $0, currency: base).decimalString })
        id = t.id.rawValue
        kind = t.kind.rawValue
        amount = t.amount.decimalString
        currency = t.amount.currency.code
        date = t.date.description
        time = t.time?.description
        payee = t.payee
        category = record.categoryPath
        categoryId = t.categoryID?.rawValue
        account = record.accountName
        accountId = t.accountID?.rawValue
        toAccount = record.toAccountName
        toAccountId = t.toAccountID?.rawValue
        note = t.note
        receipts = t.receiptCount
        tags = t.tags
        lines =
            record.lines.isEmpty
            ? nil
            : record.lines.map {
                APIModel.LineJSON(
                    category: $0.categoryPath,
                    categoryId: $0.line.categoryID?.rawValue,
                    amount: $0.line.amount.decimalString,
                    note: $0.line.note
                )
            }
    }
}

extension APIModel.PageJSON {
    /// A page of records with the count and totals of every match (`summarize` must have been set).
    init(_ page: TransactionPage) {
        let s = page.summary!
        transactions = page.records.map { APIModel.TransactionJSON($0, base: s.currency) }
        nextCursor = page.nextCursor
        originals = s.originals.map(ReportJSON.TotalJSON.init)
        unconverted = s.unconverted.records.map(ReportJSON.UnconvertedJSON.init)
        unconvertedCount = s.unconverted.count
        count = s.count
        expenses = s.total(.expense).decimalString
        income = s.total(.income).decimalString
        total = s.net.decimalString
        currency = s.currency.code
        totals = s.totals.map(ReportJSON.TotalJSON.init)
    }
}
