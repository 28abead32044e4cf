import TallyCore

/// Row decoding shared by the services.
enum Row {
    /// A currency code decoded with its row (`row.decode(model:)`) as a `Currency`; fails as
    /// `currency(_:_:)` does on a code Tally does not know, rather than guessing one.
    static func currency(code: String) throws -> Currency {
        guard let currency = Currency(code: code) else {
            throw DatabaseError(description: "stored currency \(code) is unknown")
        }
        return currency
    }
}
