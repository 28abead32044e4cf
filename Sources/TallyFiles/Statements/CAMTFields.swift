import TallyCore

/// The field readers CAMT entries and balances share: amounts with their currency and
/// direction, dates, and text.
enum CAMTFields {
    /// An unsigned amount element, `<Amt Ccy="EUR">12.50</Amt>`, read exactly.
    static func amount(_ element: SafeXML.Element?, _ location: String, _ field: String) throws(StatementError) -> Money
    {
        let at = "\(location) (\(field))"
        guard let element else { throw StatementError(at, "is missing; every entry and balance states its amount") }
        guard let code = element.attributes["Ccy"], !code.isEmpty else {
            throw StatementError(at, "has no Ccy attribute naming its currency")
        }
        guard let currency = Currency(code: code), code.count == 3 else {
            throw StatementError(at, "currency '\(code.prefix(40))' is not an ISO 4217 code Tally knows")
        }
        let raw = element.text
        guard isDecimal(raw) else {
            throw StatementError(at, "'\(raw.prefix(40))' is not an amount (CAMT writes digits and a '.', no sign)")
        }
        switch StatementAmount.parse(raw, currency: currency) {
        case .success(let money): return money
        case .failure(let error): throw StatementError(at, "'\(raw.prefix(40))' \(error)")
        }
    }

    /// `amount` signed by the sibling `CdtDbtInd`: CRDT (money in) positive, DBIT negative.
    /// When `fallback` is given, a missing indicator takes it (a batch's details inherit the
    /// entry's direction).
    static func signed(
        _ money: Money,
        _ parent: SafeXML.Element,
        _ location: String,
        fallback: Bool? = nil
    ) throws(StatementError) -> (money: Money, credit: Bool) {
        let credit: Bool
        switch parent.text("CdtDbtInd") {
        case "CRDT": credit = true
        case "DBIT": credit = false
        case nil:
            guard let fallback else {
                throw StatementError(
                    "\(location) (CdtDbtInd)",
                    "is missing; it says whether the money came in (CRDT) or went out (DBIT)"
                )
            }
            credit = fallback
        case let other?:
            throw StatementError("\(location) (CdtDbtInd)", "'\(other.prefix(40))' is neither CRDT nor DBIT")
        }
        return (credit ? money : money.negated, credit)
    }

    /// The day (and time, for `DtTm`) of a date choice element such as `BookgDt`: its `Dt`, or
    /// the local date and time written in its `DtTm` ("2014-12-31T13:15:00+01:00" is the 31st,
    /// 13:15, as the bank's statement shows it).
    static func date(
        _ element: SafeXML.Element,
        _ location: String,
        _ field: String
    ) throws(StatementError) -> (date: LocalDate, time: TimeOfDay?)? {
        if let raw = element.text("Dt") {
            return (try day(raw, "\(location) (\(field)/Dt)"), nil)
        }
        guard let raw = element.text("DtTm") else { return nil }
        let date = try day(String(raw.prefix(10)), "\(location) (\(field)/DtTm)")
        let clock = raw.dropFirst(11).prefix(5)
        return (date, raw.dropFirst(10).first == "T" ? TimeOfDay(clock) : nil)
    }

    private static func day(_ raw: String, _ at: String) throws(StatementError) -> LocalDate {
        guard let date = LocalDate(raw) else {
            throw StatementError(at, "'\(raw.prefix(40))' is not a date (YYYY-MM-DD)")
        }
        guard LocalDate.supported.contains(date) else {
            throw StatementError(
                at,
                "\(date) is outside the dates Tally accepts (\(LocalDate.supported.lowerBound) to "
                    + "\(LocalDate.supported.upperBound))"
            )
        }
        return date
    }

    /// Text for a payee or memo: runs of white space (banks wrap remittance text) become one
    /// space, and it is cut at `StatementLimits.maxText` characters.
    static func clean(_ raw: String?) -> String {
        guard let raw, !raw.isEmpty else { return "" }
        let words = raw.split(whereSeparator: { $0.isWhitespace })
        return String(words.joined(separator: " ").prefix(StatementLimits.maxText))
    }

    /// An identifier, refused when longer than any CAMT identifier may be: cutting it could
    /// make two entries look the same.
    static func identifier(_ raw: String?, _ at: String) throws(StatementError) -> String? {
        guard let raw, !raw.isEmpty else { return nil }
        guard raw.count <= StatementLimits.maxText else {
            throw StatementError(at, "is \(raw.count) characters long; Tally keeps at most \(StatementLimits.maxText)")
        }
        return raw
    }

    /// xs:decimal as CAMT uses it: digits with at most one '.', no sign, no exponent.
    private static func isDecimal(_ raw: String) -> Bool {
        var digits = 0
        var dots = 0
        for byte in raw.utf8 {
            if byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") {
                digits += 1
            } else if byte == UInt8(ascii: ".") {
                dots += 1
            } else {
                return false
            }
        }
        return digits > 0 && dots <= 1 && raw.utf8.count <= 40
    }
}
