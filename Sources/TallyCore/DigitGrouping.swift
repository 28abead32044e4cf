/// Where an amount's whole part may put grouping separators: the one rule every amount Tally
/// reads follows (typed amounts, bank CSV, QIF, OFX), so that a misplaced separator — most often a
/// decimal separator read as a grouping one, `1.234.56` — is refused rather than read as another
/// amount.
public enum DigitGrouping: Sendable, Equatable, CustomStringConvertible {
    /// Groups of three digits: `1,234,567`.
    case thousands
    /// Groups of three, or the Indian way, the last three digits and then groups of two:
    /// `12,34,567` (lakh and crore).
    case indian

    /// The grouping amounts in `currency` are written with: Indian for the currencies of the
    /// countries that write lakh and crore (India, Pakistan, Bangladesh, Nepal), whose banks write
    /// groups of three too; groups of three everywhere else.
    public init(for currency: Currency) {
        self = Self.indianCurrencies.contains(currency.code) ? .indian : .thousands
    }

    private static let indianCurrencies: Set<String> = ["INR", "PKR", "BDT", "NPR"]

    /// A phrase for messages: what the groups must be.
    public var description: String {
        switch self {
        case .thousands: "groups of three digits"
        case .indian: "groups of three digits, or of two before the last three (12,34,567)"
        }
    }

    /// Whether `character` may group digits when `decimal` is the decimal separator: a comma or
    /// point that is not the decimal one, a space (plain, no-break or narrow), or an apostrophe.
    public static func isSeparator(_ character: Character, decimal: Character?) -> Bool {
        switch character {
        case ",", ".": character != decimal
        case " ", "\u{00A0}", "\u{202F}", "'", "’": true
        default: false
        }
    }

    /// The digits of an amount's whole part (what comes before its decimal separator) without
    /// their grouping separators, or nil when a separator is misplaced: a group of the wrong
    /// length, an empty group (`1,,234`, `,123`, `1,234,`), a first group that starts with 0,
    /// two kinds of separator (`1.234,567` as a whole part), or anything but ASCII digits.
    /// An empty whole part gives "" (the caller decides whether `.5` is an amount).
    public func digits(_ whole: some StringProtocol, decimal: Character?) -> String? {
        var groups: [Int] = []
        var digits = ""
        digits.reserveCapacity(whole.utf8.count)
        var separator: Character?
        var run = 0
        for character in whole {
            if let ascii = character.asciiValue, (0x30...0x39).contains(ascii) {
                digits.append(character)
                run += 1
            } else if Self.isSeparator(character, decimal: decimal) {
                // Spaces count as one kind whichever space it is, as do the two apostrophes.
                let kind = Self.kind(character)
                guard separator == nil || separator == kind, run > 0 else { return nil }
                separator = kind
                groups.append(run)
                run = 0
            } else {
                return nil
            }
        }
        guard separator != nil else { return digits }
        groups.append(run)
        guard digits.first != "0", accepts(groups) else { return nil }
        return digits
    }

    /// Whether groups of these lengths, first to last, are grouped this way.
    private func accepts(_ groups: [Int]) -> Bool {
        guard let first = groups.first, let last = groups.last, groups.count > 1 else { return true }
        if (1...3).contains(first), groups.dropFirst().allSatisfy({ $0 == 3 }) { return true }
        guard self == .indian, last == 3, (1...2).contains(first) else { return false }
        return groups.dropFirst().dropLast().allSatisfy { $0 == 2 }
    }

    private static func kind(_ character: Character) -> Character {
        switch character {
        case "\u{00A0}", "\u{202F}": " "
        case "’": "'"
        default: character
        }
    }
}
