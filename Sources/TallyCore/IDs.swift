import Tagged

// Row ids, tagged with the entity they name: the compiler refuses a category id where an
// account id is meant, and a book id where a record id is. Each is an `Int64` underneath,
// assigned by the database; they encode (JSON, SQL) as that plain integer.

/// The id of a ``Book``.
public typealias BookID = Tagged<Book, Int64>
/// The id of a ``Transaction`` (a record).
public typealias TransactionID = Tagged<Transaction, Int64>
/// The id of a ``Category``.
public typealias CategoryID = Tagged<Category, Int64>
/// The id of an ``Account``.
public typealias AccountID = Tagged<Account, Int64>
/// The id of a ``User``.
public typealias UserID = Tagged<User, Int64>
/// The id of a ``Budget``.
public typealias BudgetID = Tagged<Budget, Int64>
/// The id of a ``Goal``.
public typealias GoalID = Tagged<Goal, Int64>
/// The id of a ``Bill``.
public typealias BillID = Tagged<Bill, Int64>

/// Tags for ids of rows that have no type in the core.
public enum RowTag {
    /// A receipt photo.
    public enum Receipt {}
    /// A contribution to a goal.
    public enum Contribution {}
    /// An API token.
    public enum Token {}
}

/// The id of a receipt photo.
public typealias ReceiptID = Tagged<RowTag.Receipt, Int64>
/// The id of a contribution to a goal.
public typealias ContributionID = Tagged<RowTag.Contribution, Int64>
/// The id of an API token.
public typealias TokenID = Tagged<RowTag.Token, Int64>

extension RowTag {
    /// An invitation to a book.
    public enum Invitation {}
}

/// The id of an invitation to a book.
public typealias InvitationID = Tagged<RowTag.Invitation, Int64>

extension RowTag {
    /// An exchange rate of a book.
    public enum Rate {}
}

/// The id of an exchange rate.
public typealias RateID = Tagged<RowTag.Rate, Int64>

extension RowTag {
    /// A tag of a book.
    public enum Tag {}
}

/// The id of a tag.
public typealias TagID = Tagged<RowTag.Tag, Int64>
