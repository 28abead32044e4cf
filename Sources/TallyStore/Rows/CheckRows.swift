import TallyCore

// The rows `Store.check` reads, one struct per query shape, each decoded in one call
// (`row.decode(model:)`). What a row means as a finding is worked out in the Checks files.

extension Checks {
    /// A row of SQLite's `PRAGMA foreign_key_check`: a row whose key names a missing parent.
    struct ForeignKeyCheckRow: Decodable {
        /// The table holding the broken key.
        let table: String
        /// The table the key refers to.
        let parent: String
        /// The row's rowid (nil in a table without one).
        let rowid: Int64?
    }

    /// A single-column foreign key of the PostgreSQL schema.
    struct ForeignKeyRow: Decodable {
        /// The table holding the key.
        let child: String
        /// The key's column.
        let column: String
        /// The table it refers to.
        let parent: String
        /// The column it refers to there.
        let parentColumn: String

        private enum CodingKeys: String, CodingKey {
            case child, parent
            case column = "col"
            case parentColumn = "pcol"
        }
    }

    /// A key value with no parent row, and how many such rows there are in all.
    struct OrphanRow: Decodable {
        /// The key value, as text.
        let missing: String
        /// Every orphan of the key, not only those listed.
        let total: Int
    }

    /// A receipt whose record or bytes are wrong.
    struct DamagedReceiptRow: Decodable {
        /// The receipt.
        let id: ReceiptID
        /// The record it names.
        let record: Int64
        /// The book that record is in; nil when it does not exist.
        let owner: BookID?
        /// The size it records.
        let size: Int64
        /// The bytes stored.
        let stored: Int64

        private enum CodingKeys: String, CodingKey {
            case id, owner, stored
            case record = "transaction_id"
            case size = "byte_size"
        }
    }

    /// A goal whose photo has no type or whose type has no photo.
    struct DamagedPhotoRow: Decodable {
        /// The goal.
        let id: GoalID
        /// The media type it records.
        let type: String?
        /// The bytes stored.
        let stored: Int64

        private enum CodingKeys: String, CodingKey {
            case id, stored
            case type = "photo_type"
        }
    }

    /// A record whose amount or date is outside today's bounds.
    struct RecordOutOfBoundsRow: Decodable {
        /// The record.
        let id: Int64
        /// Its date, as stored.
        let date: String
        /// Its currency code.
        let currency: String
        /// Its amount.
        let amountMinor: Int64

        private enum CodingKeys: String, CodingKey {
            case id, date, currency
            case amountMinor = "amount_minor"
        }
    }

    /// An account whose opening balance is outside today's bounds.
    struct AccountOutOfBoundsRow: Decodable {
        /// The account.
        let id: Int64
        /// Its currency code.
        let currency: String
        /// Its opening balance.
        let openingMinor: Int64

        private enum CodingKeys: String, CodingKey {
            case id, currency
            case openingMinor = "opening_minor"
        }
    }

    /// A kept-totals cell's total and count, as text; its key columns depend on the table.
    struct KeptCellRow: Decodable {
        /// The kept total.
        let total: String
        /// The kept count.
        let count: String

        private enum CodingKeys: String, CodingKey {
            case total
            case count = "n"
        }
    }

    /// The records' sum and count for one cell, the sum in two halves; its key columns depend
    /// on the table.
    struct RebuiltCellRow: Decodable {
        /// The sum of amount / 10⁹.
        let high: Int64
        /// The sum of amount % 10⁹.
        let low: Int64
        /// How many records.
        let count: Int64

        private enum CodingKeys: String, CodingKey {
            case high, low
            case count = "n"
        }
    }

    /// A kept account balance, as text.
    struct KeptBalanceRow: Decodable {
        /// The account.
        let accountID: String
        /// The balance's currency.
        let currency: String
        /// The kept balance.
        let total: String

        private enum CodingKeys: String, CodingKey {
            case currency, total
            case accountID = "account_id"
        }

        /// The cell's key: account and currency.
        var key: [String] { [accountID, currency] }
    }

    /// What the records move an account by in one currency, the sum in two halves.
    struct RebuiltBalanceRow: Decodable {
        /// The account.
        let accountID: String
        /// The currency.
        let currency: String
        /// The sum of signed amount / 10⁹.
        let high: Int64
        /// The sum of signed amount % 10⁹.
        let low: Int64
        /// How many records.
        let count: Int64

        private enum CodingKeys: String, CodingKey {
            case currency, high, low
            case accountID = "account_id"
            case count = "n"
        }

        /// The cell's key: account and currency.
        var key: [String] { [accountID, currency] }
    }
}
