import TallyCore

/// OFX dates and amounts, read as they are written.
enum OFXValue {
    /// Reads `YYYYMMDD[HHMM[SS[.XXX]]][[±H[.MM]][:TZ]]`: "20260314", "20260314120000.000[-5:EST]",
    /// "20260314[+5.30:IST]".
    ///
    /// The date is the calendar day as the file writes it. The zone is checked but not applied:
    /// a bank's posting date is a day in the bank's own calendar, and moving it to UTC would put
    /// an evening transaction on the next day. The time is nil when the file gives only a date or
    /// midnight (00:00, whatever the seconds), which banks write to mean "no time"; otherwise it
    /// is the written HH:MM (seconds dropped, as Tally keeps times to the minute).
    static func date(_ raw: String) -> (date: LocalDate, time: TimeOfDay?)? {
        let bytes = Array(raw.utf8)
        var i = 0
        func digits(_ count: Int) -> Int? {
            guard i + count <= bytes.count else { return nil }
            var value = 0
            for byte in bytes[i..<(i + count)] {
                guard (0x30...0x39).contains(byte) else { return nil }
                value = value * 10 + Int(byte - 0x30)
            }
            i += count
            return value
        }
        guard let year = digits(4), let month = digits(2), let day = digits(2),
            let date = LocalDate(year: year, month: month, day: day)
        else { return nil }
        var hour = 0
        var minute = 0
        if let h = digits(2) {
            guard let m = digits(2), h < 24, m < 60 else { return nil }
            (hour, minute) = (h, m)
            if let second = digits(2) {
                guard second <= 60 else { return nil }
                if i < bytes.count, bytes[i] == UInt8(ascii: ".") {
                    i += 1
                    let start = i
                    while i < bytes.count, (0x30...0x39).contains(bytes[i]) { i += 1 }
                    guard i > start else { return nil }
                }
            }
        }
        guard i == bytes.count || (bytes[i] == UInt8(ascii: "[") && isZone(bytes[(i + 1)...])) else { return nil }
        guard hour != 0 || minute != 0 else { return (date, nil) }
        return (date, minutes[hour * 60 + minute])
    }

    /// Every minute of the day, made once: a statement can have a time on each of 200,000 lines.
    private static let minutes: [TimeOfDay] = (0..<(24 * 60)).map {
        TimeOfDay("\(LocalDate.pad($0 / 60, 2)):\(LocalDate.pad($0 % 60, 2))")!
    }

    /// `±H[.MM|:MM][:NAME]]`, e.g. "-5:EST]", "+5.30:IST]", "0:GMT]", "-3]".
    private static func isZone(_ rest: ArraySlice<UInt8>) -> Bool {
        guard rest.last == UInt8(ascii: "]") else { return false }
        var body = rest.dropLast()
        if body.first == UInt8(ascii: "+") || body.first == UInt8(ascii: "-") { body = body.dropFirst() }
        let hours = body.prefix { (0x30...0x39).contains($0) }
        guard (1...4).contains(hours.count) else { return false }
        body = body.dropFirst(hours.count)
        if body.first == UInt8(ascii: ".")
            || (body.first == UInt8(ascii: ":") && body.dropFirst().first.map(isDigit) == true)
        {
            let minutes = body.dropFirst().prefix(while: isDigit)
            guard (1...2).contains(minutes.count) else { return false }
            body = body.dropFirst(1 + minutes.count)
        }
        guard let colon = body.first else { return true }
        let name = body.dropFirst()
        return colon == UInt8(ascii: ":") && name.count <= 32
            && name.allSatisfy {
                isDigit($0) || (0x41...0x5A).contains($0 & 0xDF) || $0 == UInt8(ascii: "_") || $0 == UInt8(ascii: "/")
            }
    }

    private static func isDigit(_ byte: UInt8) -> Bool { (0x30...0x39).contains(byte) }

    /// Reads an OFX amount: an optional sign, digits, and a decimal point, which OFX allows to be
    /// a comma ("-12.50", "-12,50", "8.85000", ".5"). Anything else — currency symbols, grouping,
    /// spaces inside — is refused, since `StatementAmount` would otherwise accept "$120".
    static func amount(_ raw: String, currency: Currency) -> Result<Money, AmountProblem> {
        let bytes = Array(raw.utf8)
        guard !bytes.isEmpty else { return .failure(.empty) }
        var separator: UInt8?
        var digitCount = 0
        for (index, byte) in bytes.enumerated() {
            if isDigit(byte) {
                digitCount += 1
            } else if (byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+")) && index == 0 {
                continue
            } else if (byte == UInt8(ascii: ".") || byte == UInt8(ascii: ",")) && separator == nil {
                separator = byte
            } else {
                return .failure(.notOFX)
            }
        }
        guard digitCount > 0 else { return .failure(.notOFX) }
        let decimal: Character = separator == UInt8(ascii: ",") ? "," : "."
        return StatementAmount.parse(raw, currency: currency, decimalSeparator: decimal).mapError { .amount($0) }
    }

    /// Why an OFX amount was refused.
    enum AmountProblem: Error, CustomStringConvertible {
        case empty
        case notOFX
        case amount(StatementAmount.AmountError)

        var description: String {
            switch self {
            case .empty: "is empty"
            case .notOFX: "is not an OFX amount (digits with an optional sign and one decimal point)"
            case .amount(let error): error.description
            }
        }
    }
}
