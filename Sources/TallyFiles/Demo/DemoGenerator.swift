import TallyCore

/// Makes believable records for a first look at Tally and for the tests and benchmarks: a
/// household's groceries, rent, salary and so on over some years, the same for the same seed.
///
/// Written by hand (no mirrored package generates finance data). Amounts follow a log-normal
/// spread around each sub-category's typical price, computed in integers (`DemoRandom`), so no
/// floating point touches an amount. Records come out in date order, a day at a time, so a
/// million of them never have to be held at once.
public struct DemoGenerator: Sequence, IteratorProtocol, Sendable {
    /// How many records in all.
    public let count: Int
    /// First day.
    public let start: LocalDate
    /// Day after the last.
    public let end: LocalDate

    private var random: DemoRandom
    private var perDay: [Int32]
    private var day = 0
    private var leftToday = 0
    private let payeeWeights: [Int]
    private let accountWeights: [Int]
    private let incomeWeights: [Int]

    /// `count` records from `start` over `years` years, drawn from `seed`.
    public init(count: Int, seed: UInt64, start: LocalDate, years: Int) {
        self.count = count
        self.start = start
        end = start.adding(months: 12 * Swift.max(1, years))
        random = DemoRandom(seed: seed)
        let days = Swift.max(1, end.dayNumber - start.dayNumber)
        perDay = Array(repeating: 0, count: days)
        for _ in 0..<Swift.max(0, count) { perDay[random.below(days)] += 1 }
        payeeWeights = DemoCatalog.payees.map(\.weight)
        accountWeights = DemoCatalog.accounts.map(\.weight)
        incomeWeights = DemoCatalog.incomes.map(\.weight)
    }

    /// The next record, in date order; nil after the last.
    public mutating func next() -> ExportRecord? {
        while leftToday == 0 {
            guard day < perDay.count else { return nil }
            leftToday = Int(perDay[day])
            if leftToday == 0 { day += 1 }
        }
        leftToday -= 1
        let date = start.adding(days: day)
        if leftToday == 0 { day += 1 }
        let note = random.below(1000) < DemoCatalog.notePerMille ? random.pick(DemoCatalog.notes) : ""
        if random.below(1000) < DemoCatalog.incomePerMille {
            let income = DemoCatalog.incomes[random.weighted(incomeWeights)]
            var payee = income.payers.isEmpty ? "" : random.pick(income.payers)
            var account = income.account
            if income.payers.isEmpty {
                let merchant = DemoCatalog.payees[random.weighted(payeeWeights)]
                payee = merchant.name
                account = merchant.account
            }
            return record(
                date,
                .income,
                random.amount(income.price),
                payee,
                "Income",
                income.subcategory,
                account ?? DemoCatalog.accounts[random.weighted(accountWeights)].name,
                note
            )
        }
        let merchant = DemoCatalog.payees[random.weighted(payeeWeights)]
        let account: String
        if let usual = merchant.account, random.below(100) < 85 {
            account = usual
        } else {
            account = DemoCatalog.accounts[random.weighted(accountWeights)].name
        }
        let price = DemoCatalog.price(merchant.category, merchant.subcategory)
        return record(
            date,
            .expense,
            random.amount(price),
            merchant.name,
            merchant.category,
            merchant.subcategory,
            account,
            note
        )
    }

    private func record(
        _ date: LocalDate,
        _ kind: TransactionKind,
        _ cents: Int64,
        _ payee: String,
        _ category: String,
        _ subcategory: String,
        _ account: String,
        _ note: String
    ) -> ExportRecord {
        ExportRecord(
            date: date,
            time: nil,
            kind: kind,
            amount: Money(minorUnits: cents, currency: .usd),
            payee: payee,
            category: category,
            subcategory: subcategory,
            account: account,
            toAccount: "",
            note: note
        )
    }
}

/// SplitMix64, and the draws the generator needs, in integers only. Swift's standard library has
/// no seedable generator, and the demo data must be the same for the same seed everywhere.
struct DemoRandom: Sendable {
    private var state: UInt64

    init(seed: UInt64) { state = seed &+ 0x9E37_79B9_7F4A_7C15 }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// Uniform in 0..<n (n ≥ 1), without modulo bias worth speaking of at these sizes (n < 2³²).
    mutating func below(_ n: Int) -> Int { Int(((next() >> 32) * UInt64(n)) >> 32) }

    mutating func pick<T>(_ items: [T]) -> T { items[below(items.count)] }

    /// An index drawn with the given weights.
    mutating func weighted(_ weights: [Int]) -> Int {
        var r = below(weights.reduce(0, +))
        for (i, w) in weights.enumerated() {
            if r < w { return i }
            r -= w
        }
        return weights.count - 1
    }

    /// A price: median × e^(σ·z) in cents, z roughly standard normal (the sum of twelve uniform
    /// draws, in thousandths), at least one cent.
    mutating func amount(_ price: DemoCatalog.Price) -> Int64 {
        var z: Int64 = -6000
        for _ in 0..<12 { z += Int64(below(1000)) }
        let factor = Self.expNano(price.sigmaMilli * z / 1000)
        let cents = (Int128(price.medianCents) * Int128(factor) + 500_000_000) / 1_000_000_000
        return Swift.max(1, min(Int64(cents), Money.maxMinorUnits))
    }

    /// e^(x / 1000) × 10⁹ in integers: halve x until it is small, sum the series, square back.
    static func expNano(_ milli: Int64) -> Int64 {
        let scale: Int128 = 1_000_000_000
        var y = Int128(milli) * 1_000_000  // x × 10⁹
        var halvings = 0
        while y > scale / 8 || y < -scale / 8 {
            y /= 2
            halvings += 1
        }
        var term = scale
        var sum = scale
        for n in 1...8 {
            term = term * y / scale / Int128(n)
            sum += term
        }
        for _ in 0..<halvings { sum = sum * sum / scale }
        return Int64(clamping: sum)
    }
}
