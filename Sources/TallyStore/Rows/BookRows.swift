import Foundation
import TallyCore

// The rows Books and Records read, one struct per query shape, each decoded in one call
// (`row.decode(model:)`). Booleans are stored as 0/1 integers.

extension Books {
    /// A row of a user's books: the book and the user's role in it.
    struct BookRow: Decodable {
        private let id: BookID
        private let name: String
        private let currency: String
        private let role: String
        private let archivedAt: String?

        private enum CodingKeys: String, CodingKey {
            case id, name, currency, role
            case archivedAt = "archived_at"
        }

        /// The book as its member sees it.
        var book: Book { Row.book(id: id, name: name, currency: currency, role: role, archived: archivedAt != nil) }
    }

    /// An `accounts` row.
    struct AccountRow: Decodable {
        private let id: AccountID
        private let name: String
        private let kind: String
        private let currency: String
        private let openingMinor: Int64
        private let archived: Int64

        private enum CodingKeys: String, CodingKey {
            case id, name, kind, currency, archived
            case openingMinor = "opening_minor"
        }

        /// The account; a kind Tally does not know reads as "other".
        func account(book: BookID) throws -> Account {
            let currency = try Row.currency(code: self.currency)
            return Account(
                id: id,
                bookID: book,
                name: name,
                kind: AccountKind(rawValue: kind) ?? .other,
                openingBalance: Money(minorUnits: openingMinor, currency: currency),
                archived: archived != 0
            )
        }
    }

    /// An account with what its records move it by (`flow`), in its own currency.
    struct AccountBalanceRow: Decodable {
        private let account: AccountRow
        private let flow: Int64

        private enum CodingKeys: String, CodingKey {
            case flow
        }

        // The account's columns and `flow` sit side by side in one row.
        init(from decoder: any Decoder) throws {
            account = try AccountRow(from: decoder)
            flow = try decoder.container(keyedBy: CodingKeys.self).decode(Int64.self, forKey: .flow)
        }

        /// The account and its balance: the opening balance plus the flow.
        func balance(book: BookID) throws -> AccountBalance {
            let account = try self.account.account(book: book)
            let balance = try account.openingBalance.minorUnits.checkedAdding(flow)
            return AccountBalance(account: account, balance: Money(minorUnits: balance, currency: account.currency))
        }
    }

    /// A `categories` row.
    struct CategoryRow: Decodable {
        private let id: CategoryID
        private let parentID: CategoryID?
        private let kind: String
        private let name: String
        private let icon: String
        private let color: String

        private enum CodingKeys: String, CodingKey {
            case id, kind, name, icon, color
            case parentID = "parent_id"
        }

        /// The category; a kind Tally does not know reads as an expense one.
        func category(book: BookID) -> Category {
            Category(
                id: id,
                bookID: book,
                parentID: parentID,
                kind: CategoryKind(rawValue: kind) ?? .expense,
                name: name,
                icon: icon,
                color: color
            )
        }
    }
}

extension Records {
    /// A `receipts` row without its bytes.
    struct ReceiptRow: Decodable {
        private let id: ReceiptID
        private let transactionID: TransactionID
        private let contentType: String
        private let byteSize: Int

        private enum CodingKeys: String, CodingKey {
            case id
            case transactionID = "transaction_id"
            case contentType = "content_type"
            case byteSize = "byte_size"
        }

        /// The receipt; a type Tally does not know reads as JPEG.
        var receipt: Receipt {
            Receipt(
                id: id,
                transactionID: transactionID,
                type: ReceiptImageType(rawValue: contentType) ?? .jpeg,
                byteSize: byteSize
            )
        }
    }

    /// A `receipts` row with its bytes.
    struct ReceiptDataRow: Decodable {
        /// The receipt.
        let receipt: Receipt
        /// The image bytes.
        let data: Data

        private enum CodingKeys: String, CodingKey {
            case data
        }

        // The receipt's columns and `data` sit side by side in one row.
        init(from decoder: any Decoder) throws {
            receipt = try ReceiptRow(from: decoder).receipt
            data = try decoder.container(keyedBy: CodingKeys.self).decode(Data.self, forKey: .data)
        }
    }
}
