/// A catalog's `Plural-Forms` header (`nplurals=2; plural=(n != 1);`): which of its plural
/// forms a count takes. Evaluated as gettext does, from the C expression itself, so that a
/// translator's tools (Poedit, Weblate, msgfmt) and Tally agree on every count.
public struct PluralForms: Sendable, Equatable {
    /// How many forms each plural message has.
    public let count: Int
    private let expression: Node

    /// English's rule: one, other.
    public static let english = PluralForms(count: 2, expression: .binary("!=", .n, .number(1)))

    /// Reads the header's value. Refused with what is wrong when it does not parse, or gives a
    /// form outside `0..<nplurals` for a small count.
    public init(header: String) throws(FieldError) {
        var nplurals: Int?
        var plural: String?
        for part in header.split(separator: ";") {
            let pair = part.split(separator: "=", maxSplits: 1).map { $0.trimmingSpaces() }
            guard pair.count == 2 else { continue }
            if pair[0] == "nplurals" { nplurals = Int(pair[1]) }
            if pair[0] == "plural" { plural = pair[1] }
        }
        guard let nplurals, (1...6).contains(nplurals), let plural else {
            throw FieldError("Plural-Forms", "needs nplurals (1 to 6) and plural")
        }
        var parser = Parser(tokens: try Self.tokens(plural))
        let expression = try parser.ternary()
        guard parser.atEnd else { throw FieldError("Plural-Forms", "has text after its expression") }
        self.init(count: nplurals, expression: expression)
        for n in 0...200 where !(0..<nplurals).contains(form(n)) {
            throw FieldError("Plural-Forms", "gives form \(form(n)) for \(n), past nplurals=\(nplurals)")
        }
    }

    private init(count: Int, expression: Node) {
        self.count = count
        self.expression = expression
    }

    /// The form (0-based) for `n`.
    public func form(_ n: Int) -> Int { expression.value(Int(clamping: n.magnitude)) }

    indirect enum Node: Sendable, Equatable {
        case n
        case number(Int)
        case not(Node)
        case binary(String, Node, Node)
        case choice(Node, Node, Node)

        func value(_ n: Int) -> Int {
            switch self {
            case .n: return n
            case .number(let value): return value
            case .not(let inner): return inner.value(n) == 0 ? 1 : 0
            case .choice(let test, let yes, let no): return test.value(n) != 0 ? yes.value(n) : no.value(n)
            case .binary(let op, let left, let right):
                let a = left.value(n)
                // `&&` and `||` short-circuit, as in C.
                if op == "&&" { return a != 0 && right.value(n) != 0 ? 1 : 0 }
                if op == "||" { return a != 0 || right.value(n) != 0 ? 1 : 0 }
                let b = right.value(n)
                switch op {
                case "%": return b == 0 ? 0 : a % b
                case "==": return a == b ? 1 : 0
                case "!=": return a != b ? 1 : 0
                case "<": return a < b ? 1 : 0
                case "<=": return a <= b ? 1 : 0
                case ">": return a > b ? 1 : 0
                default: return a >= b ? 1 : 0
                }
            }
        }
    }

    static func tokens(_ text: String) throws(FieldError) -> [String] {
        var tokens: [String] = []
        var chars = Array(text.unicodeScalars)[...]
        guard chars.count <= 500 else { throw FieldError("Plural-Forms", "is longer than 500 characters") }
        while let c = chars.first {
            if c == " " || c == "\t" {
                chars.removeFirst()
            } else if ("0"..."9").contains(c) {
                let digits = chars.prefix { ("0"..."9").contains($0) }
                guard digits.count <= 6 else { throw FieldError("Plural-Forms", "has a number too large") }
                tokens.append(String(String.UnicodeScalarView(digits)))
                chars.removeFirst(digits.count)
            } else {
                let two = String(String.UnicodeScalarView(chars.prefix(2)))
                if ["==", "!=", "<=", ">=", "&&", "||"].contains(two) {
                    tokens.append(two)
                    chars.removeFirst(2)
                } else if "n%<>?:()!".unicodeScalars.contains(c) {
                    tokens.append(String(c))
                    chars.removeFirst()
                } else {
                    throw FieldError("Plural-Forms", "has an unexpected '\(c)'")
                }
            }
        }
        return tokens
    }

    /// C's precedence, lowest first: `?:`, `||`, `&&`, `== !=`, `< <= > >=`, `%`, `!`.
    struct Parser {
        var tokens: [String]
        var index = 0
        var depth = 0
        var atEnd: Bool { index == tokens.count }

        mutating func next() -> String? { index < tokens.count ? tokens[index] : nil }

        mutating func ternary() throws(FieldError) -> Node {
            depth += 1
            defer { depth -= 1 }
            guard depth < 50 else { throw FieldError("Plural-Forms", "nests too deeply") }
            let test = try binary(0)
            guard next() == "?" else { return test }
            index += 1
            let yes = try ternary()
            guard next() == ":" else { throw FieldError("Plural-Forms", "has a ? without its :") }
            index += 1
            return .choice(test, yes, try ternary())
        }

        static let levels: [[String]] = [["||"], ["&&"], ["==", "!="], ["<", "<=", ">", ">="], ["%"]]

        mutating func binary(_ level: Int) throws(FieldError) -> Node {
            guard level < Self.levels.count else { return try unary() }
            var left = try binary(level + 1)
            while let op = next(), Self.levels[level].contains(op) {
                index += 1
                left = .binary(op, left, try binary(level + 1))
            }
            return left
        }

        mutating func unary() throws(FieldError) -> Node {
            guard let token = next() else { throw FieldError("Plural-Forms", "ends too soon") }
            index += 1
            switch token {
            case "!": return .not(try unary())
            case "n": return .n
            case "(":
                let inner = try ternary()
                guard next() == ")" else { throw FieldError("Plural-Forms", "has a ( without its )") }
                index += 1
                return inner
            default:
                guard let value = Int(token) else { throw FieldError("Plural-Forms", "has an unexpected '\(token)'") }
                return .number(value)
            }
        }
    }
}
