import TallyCore
import TallyStore

/// JSON shapes of the API (keys become snake_case). Amounts are decimal strings.
enum APIModel {
    struct BookJSON: Encodable {
        let id: Int64, name: String, currency: String, role: String
        init(_ book: Book) { id = book.id; name = book.name; currency = book.currency.code; role = book.role.rawValue }
    }

    struct TransactionJSON: Encodable {
        let id: Int64, kind: String, amount: String, currency: String, date: String, time: String?
        let payee: String, category: String?, categoryId: Int64?, account: String?, accountId: Int64?
        let toAccount: String?, toAccountId: Int64?, note: String, receipts: Int
        init(_ record: TransactionRecord) {
            let t = record.transaction
            id = t.id; kind = t.kind.rawValue; amount = t.amount.decimalString; currency = t.amount.currency.code
            date = t.date.description; time = t.time?.description; payee = t.payee
            category = record.categoryPath; categoryId = t.categoryID
            account = record.accountName; accountId = t.accountID
            toAccount = record.toAccountName; toAccountId = t.toAccountID
            note = t.note; receipts = t.receiptCount
        }
    }

    struct PageJSON: Encodable {
        let transactions: [TransactionJSON]
        let nextCursor: String?
        /// Every match, not only this page: count, expense and income sums and income − expense
        /// in the book's currency, and each kind's sum per currency.
        let count: Int
        let expenses: String, income: String, total: String, currency: String
        let totals: [ReportJSON.TotalJSON]

        init(_ page: TransactionPage) {
            transactions = page.records.map(TransactionJSON.init)
            nextCursor = page.nextCursor
            let s = page.summary!
            count = s.count; expenses = s.total(.expense).decimalString; income = s.total(.income).decimalString
            total = s.net.decimalString; currency = s.currency.code; totals = s.totals.map(ReportJSON.TotalJSON.init)
        }
    }

    struct CategoryJSON: Encodable {
        let id: Int64, name: String, path: String, kind: String, parentId: Int64?, icon: String, color: String
        init(_ category: Category, all: [Category]) {
            id = category.id; name = category.name; path = category.path(in: all); kind = category.kind.rawValue
            parentId = category.parentID; icon = category.icon; color = category.color
        }
    }

    struct AccountJSON: Encodable {
        let id: Int64, name: String, kind: String, currency: String, openingBalance: String, balance: String, archived: Bool
        init(_ item: AccountBalance) {
            let a = item.account
            id = a.id; name = a.name; kind = a.kind.rawValue; currency = a.currency.code
            openingBalance = a.openingBalance.decimalString; balance = item.balance.decimalString; archived = a.archived
        }
    }

    struct CalendarDayJSON: Encodable {
        let date: String, expense: String, income: String, count: Int
    }

    struct CalendarJSON: Encodable {
        let month: String, currency: String, days: [CalendarDayJSON]
        let expense: String, income: String, cashFlow: String, count: Int, dailyAverage: String
        init(_ summary: MonthSummary) {
            month = summary.month.description; currency = summary.expense.currency.code
            days = summary.days.filter { $0.count > 0 }.map {
                CalendarDayJSON(date: $0.date.description, expense: $0.expense.decimalString, income: $0.income.decimalString, count: $0.count)
            }
            expense = summary.expense.decimalString; income = summary.income.decimalString
            cashFlow = summary.cashFlow.decimalString; count = summary.count; dailyAverage = summary.dailyAverage.decimalString
        }
    }

    struct PayeeJSON: Encodable {
        let name: String, categoryId: Int64?, accountId: Int64?, amount: String?
        init(_ payee: Payee) {
            name = payee.name; categoryId = payee.lastCategoryID; accountId = payee.lastAccountID; amount = payee.lastAmount?.decimalString
        }
    }

    struct ReceiptJSON: Encodable {
        let id: Int64, transactionId: Int64, contentType: String, bytes: Int, url: String
        init(_ receipt: Receipt, book: Int64) {
            id = receipt.id; transactionId = receipt.transactionID; contentType = receipt.type.rawValue; bytes = receipt.byteSize
            url = "/api/v1/books/\(book)/receipts/\(receipt.id)"
        }
    }

    struct TokenJSON: Encodable {
        let id: Int64, name: String, createdAt: String, lastUsedAt: String?
    }

    struct NewTokenJSON: Encodable {
        let id: Int64, token: String
    }

    struct UserJSON: Encodable {
        let id: Int64, email: String
    }
}
