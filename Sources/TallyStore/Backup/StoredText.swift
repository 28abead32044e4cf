import Foundation
import TallyCore

/// What the text of a backed-up column must be: the rules the API applies when a person types
/// the value, so that a restore cannot store what the API refuses (a NUL or U+202E in a payee,
/// `<` in a tag, a bill link `javascript:…`), and `tally check` can name such a value when it got
/// in some other way. Lengths stay the backup's own (`BackupColumnKind.text`), which are at least
/// the API's.
enum StoredText: Sendable, Equatable {
    /// One line, without control or invisible characters (`TextRules`).
    case line
    /// A note: line breaks and tabs too.
    case several
    /// A name: one line, not blank.
    case name
    /// A tag (`Tags.check`).
    case tag
    /// A bill's web address: empty, or http(s) as `BillDraft.url` leaves it.
    case url
    /// An email address.
    case email
    /// A colour #RRGGBB (in either case), or empty.
    case color
    /// An exchange rate: a positive decimal.
    case rate

    /// The rule for `column` of `table`: one line unless named here.
    static func rule(table: String, column: String) -> StoredText {
        if column == "note" { return .several }
        return special["\(table).\(column)"] ?? .line
    }

    private static let special: [String: StoredText] = [
        "books.name": .name, "categories.name": .name, "accounts.name": .name, "budgets.name": .name,
        "goals.name": .name, "bills.title": .name, "import_presets.name": .name, "api_tokens.name": .name,
        "tags.name": .tag, "tags.name_key": .tag, "bills.url": .url, "users.email": .email,
        "categories.color": .color, "exchange_rates.rate": .rate,
    ]

    /// Why `text` breaks the rule (reading after the column's name), or nil when it keeps it.
    func problem(_ text: String) -> String? {
        switch self {
        case .line, .name, .several:
            if self == .name, text.trimmingSpaces().isEmpty { return "must not be blank" }
            let lines: TextRules.Lines = self == .several ? .several : .one
            return TextRules.refused(in: text, lines: lines).map { TextRules.message($0, lines: lines) }
        case .tag:
            do { try Tags.check(text) } catch { return error.message }
        case .url:
            guard let url = try? BillDraft.url(text), url == text else {
                return "must be empty or a web address starting with https:// or http://"
            }
        case .email:
            guard (try? Validate.email(text)) == text else { return "is not a valid email address" }
        case .color:
            // Upper case is how the API stores it now; older versions kept what was typed.
            guard text.isEmpty || (try? Validate.color(text)) == text.uppercased() else {
                return "must look like #RRGGBB"
            }
        case .rate:
            guard ExchangeRate(text) != nil else { return "is not a positive decimal rate" }
        }
        return nil
    }

    /// The first string inside nested JSON (a rule, an import preset's mapping) that is not one
    /// line, as the API's rule and mapping checks refuse: nil when every one is.
    static func problem(inJSON text: String) -> String? {
        guard let value = try? JSONDecoder().decode(JSONValue.self, from: Data(text.utf8)) else { return nil }
        var pending = [value]
        while let next = pending.popLast() {
            switch next {
            case .string(let string):
                if let problem = StoredText.line.problem(string) { return problem }
            case .array(let items): pending += items
            case .object(let fields):
                for (key, item) in fields {
                    if let problem = StoredText.line.problem(key) { return problem }
                    pending.append(item)
                }
            default: break
            }
        }
        return nil
    }
}
