import TallyCore

/// Reads a Quicken Interchange Format file: the `!Type:Bank`, `CCard`, `Cash`, `Oth A` and
/// `Oth L` sections, with the accounts `!Account` blocks name. See docs/import.md.
///
/// QIF states no currency, so every amount is in `currency`. Dates are read in `dateOrder`, or
/// in the order the file's own dates show (a first number above 12 is a day), month-first when
/// nothing shows it, as Quicken's US edition writes. A transaction with splits becomes one entry
/// with its lines (a split record) when they can be one: 2–100 lines, none a transfer, each of the
/// total's sign. Otherwise it becomes one entry per split.
public enum QIFReader {
    /// The statement in `bytes`, or an error naming the line and field that cannot be read.
    public static func read(
        _ bytes: [UInt8],
        currency: Currency,
        dateOrder: QIFDateOrder? = nil
    ) throws(StatementError) -> Statement {
        guard bytes.count <= StatementLimits.maxBytes else {
            throw StatementError(
                "file",
                "the file has \(bytes.count) bytes; Tally reads QIF files of up to \(StatementLimits.maxBytes) bytes"
            )
        }
        var structure = QIFStructure(QIFText(bytes))
        try structure.read()
        // Dates and amounts are read only now, once the whole file has shown its date order and
        // decimal separator.
        let order = try structure.dates.order(given: dateOrder)
        let separator = structure.amounts.decimalSeparator
        var entries: [StatementEntry] = []
        entries.reserveCapacity(structure.records.count)
        for record in structure.records {
            entries += try record.entries(order: order, currency: currency, decimalSeparator: separator)
        }
        let accounts = structure.accounts.isEmpty ? [StatementAccount()] : structure.accounts
        return Statement(format: .qif, accounts: accounts, entries: entries)
    }
}
