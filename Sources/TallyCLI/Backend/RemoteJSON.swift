import Foundation
import TallyCore
import TallyStore

/// The API's JSON decoded back into the core and store types the commands print. The shapes are
/// those of docs/api.md (`TransactionJSON`, `PageJSON`, `ReportJSON`); amounts are exact decimal
/// strings, read here into minor units without ever passing through a floating-point number.
enum RemoteJSON {
    /// Decodes `type` from the API's snake_case JSON.
    static func decode<T: Decodable>(_ type: T.Type, _ bytes: [UInt8]) throws -> T {
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        do {
            return try decoder.decode(type, from: Data(bytes))
        } catch {
            throw CLIError("the server's answer could not be read (\(type)): is it a Tally server of this version?")
        }
    }

    /// "-1234.50" in `code` as money. The API writes canonical decimals (an optional "-", digits,
    /// and exactly the currency's decimals), so anything else is refused rather than guessed at.
    static func money(_ text: String, _ code: String) throws -> Money {
        guard let currency = Currency(code: code) else { throw CLIError("the server sent an unknown currency \(code)") }
        return Money(minorUnits: try minorUnits(text, digits: currency.minorDigits), currency: currency)
    }

    /// The minor units of a canonical decimal string with `digits` decimals.
    static func minorUnits(_ text: String, digits: Int) throws -> Int64 {
        let negative = text.hasPrefix("-")
        let parts = (negative ? text.dropFirst() : Substring(text)).split(
            separator: ".",
            omittingEmptySubsequences: false
        )
        let fraction = parts.count == 2 ? String(parts[1]) : ""
        guard parts.count <= 2, !parts[0].isEmpty, fraction.count <= digits,
            (parts[0] + fraction).allSatisfy({ $0.isASCII && $0.isNumber }), let whole = Int64(parts[0])
        else { throw CLIError("the server sent '\(text)' where an amount belongs") }
        let padded = fraction + String(repeating: "0", count: digits - fraction.count)
        let part = padded.isEmpty ? 0 : Int64(padded) ?? 0
        var scale: Int64 = 1
        for _ in 0..<digits { scale *= 10 }
        let (product, overflow) = whole.multipliedReportingOverflow(by: scale)
        let (sum, overflow2) = product.addingReportingOverflow(part)
        guard !overflow, !overflow2 else { throw CLIError("the server sent an amount too large: \(text)") }
        return negative ? -sum : sum
    }

    static func date(_ text: String) throws -> LocalDate {
        guard let date = LocalDate(text) else { throw CLIError("the server sent '\(text)' where a date belongs") }
        return date
    }

    /// A record: `TransactionJSON`.
    struct Record: Decodable {
        let id: Int64, kind: String, amount: String, currency: String, date: String, time: String?
        let payee: String, category: String?, categoryId: Int64?, account: String?, accountId: Int64?
        let toAccount: String?, toAccountId: Int64?, note: String, receipts: Int
        let lines: [Line]?
        let tags: [String]

        struct Line: Decodable {
            let category: String?, categoryId: Int64?, amount: String, note: String
        }

        func record(book: BookID) throws -> TransactionRecord {
            let amount = try RemoteJSON.money(amount, currency)
            let lines = try (lines ?? []).map { line in
                LineRecord(
                    line: TransactionLine(
                        categoryID: line.categoryId.map(CategoryID.init(rawValue:)),
                        amount: try RemoteJSON.money(line.amount, currency),
                        baseMinor: nil,
                        note: line.note
                    ),
                    categoryPath: line.category,
                    categoryIcon: nil,
                    categoryColor: nil
                )
            }
            let transaction = Transaction(
                id: TransactionID(rawValue: id),
                bookID: book,
                kind: TransactionKind(rawValue: kind) ?? .expense,
                amount: amount,
                date: try RemoteJSON.date(date),
                time: time.flatMap { TimeOfDay($0) },
                payee: payee,
                categoryID: categoryId.map(CategoryID.init(rawValue:)),
                accountID: accountId.map(AccountID.init(rawValue:)),
                toAccountID: toAccountId.map(AccountID.init(rawValue:)),
                note: note,
                receiptCount: receipts,
                lines: lines.map(\.line),
                tags: tags
            )
            return TransactionRecord(
                transaction: transaction,
                categoryPath: category,
                accountName: account,
                toAccountName: toAccount,
                lines: lines
            )
        }
    }

    /// A kind's total in one currency: `TotalJSON`.
    struct Total: Decodable {
        let kind: String, currency: String, total: String, count: Int

        var value: KindTotal {
            get throws {
                KindTotal(
                    kind: TransactionKind(rawValue: kind) ?? .expense,
                    total: try RemoteJSON.money(total, currency),
                    count: count
                )
            }
        }
    }

    /// A page of records with the summary of every match: `PageJSON`.
    struct Page: Decodable {
        let transactions: [Record]
        let nextCursor: String?
        let count: Int
        let currency: String
        let totals: [Total]
        let originals: [Total]

        func summary() throws -> FilterSummary {
            guard let currency = Currency(code: currency) else { throw CLIError("the server sent an unknown currency") }
            return FilterSummary(
                count: count,
                totals: try totals.map { try $0.value },
                currency: currency,
                originals: try originals.map { try $0.value }
            )
        }
    }

    /// A book in the list: `BookJSON`.
    struct Book: Decodable {
        let id: Int64
    }

    /// A category: `CategoryJSON`.
    struct CategoryEntry: Decodable {
        let id: Int64, name: String, kind: String, parentId: Int64?, icon: String, color: String

        func category(book: BookID) throws -> Category {
            guard let kind = CategoryKind(rawValue: kind) else { throw CLIError("unknown category kind \(kind)") }
            return Category(
                id: CategoryID(rawValue: id),
                bookID: book,
                parentID: parentId.map(CategoryID.init(rawValue:)),
                kind: kind,
                name: name,
                icon: icon,
                color: color
            )
        }
    }

    /// An account and its balance: `AccountJSON`.
    struct AccountEntry: Decodable {
        let id: Int64, name: String, kind: String, currency: String, openingBalance: String, balance: String
        let archived: Bool

        func account(book: BookID) throws -> AccountBalance {
            guard let kind = AccountKind(rawValue: kind) else { throw CLIError("unknown account kind \(kind)") }
            let account = Account(
                id: AccountID(rawValue: id),
                bookID: book,
                name: name,
                kind: kind,
                openingBalance: try RemoteJSON.money(openingBalance, currency),
                archived: archived
            )
            return AccountBalance(account: account, balance: try RemoteJSON.money(balance, currency))
        }
    }

    /// A tag: `TagJSON`.
    struct TagEntry: Decodable {
        let id: Int64, name: String, count: Int
        var tag: Tag { Tag(id: TagID(rawValue: id), name: name, count: count) }
    }
}
