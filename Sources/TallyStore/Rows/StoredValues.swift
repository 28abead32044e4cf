import TallyCore

/// Row decoding shared by the services.
enum Row {
    /// A stored currency code as a `Currency`; a code Tally does not know is an error, rather
    /// than a guess.
    static func currency(code: String) throws -> Currency {
        guard let currency = Currency(code: code) else {
            throw DatabaseError(description: "stored currency \(code) is unknown")
        }
        return currency
    }

    /// A stored date; text that is not a date is an error naming the table, row and column, so
    /// one bad row fails its request instead of stopping the server.
    static func date(
        _ text: String,
        table: String,
        id: some CustomStringConvertible,
        column: String
    ) throws -> LocalDate {
        guard let date = LocalDate(text) else {
            throw DatabaseError(
                description: "\(table) row \(id): stored \(column) \"\(text.prefix(40))\" is not a date"
            )
        }
        return date
    }

    /// A book as a member sees it, from its stored columns: a currency or role Tally does not
    /// know reads as USD or viewer (the list of books and every access check read it so).
    static func book(id: BookID, name: String, currency: String, role: String?, archived: Bool = false) -> Book {
        Book(
            id: id,
            name: name,
            currency: Currency(code: currency) ?? .usd,
            role: role.flatMap(Role.init(rawValue:)) ?? .viewer,
            archived: archived
        )
    }
}
