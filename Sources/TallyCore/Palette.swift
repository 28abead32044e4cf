/// Chart colours for groups that have none of their own (payees, accounts).
public enum Palette {
    /// Twelve distinguishable colours that read on white and in print.
    public static let colors = [
        "#4E79A7", "#F28E2B", "#E15759", "#76B7B2", "#59A14F", "#EDC948",
        "#B07AA1", "#FF9DA7", "#9C755F", "#BAB0AC", "#2F4B7C", "#A05195",
    ]
    /// Expenses in income-versus-expense charts.
    public static let expense = "#E15759"
    /// Incomes in income-versus-expense charts.
    public static let income = "#59A14F"
    /// Records without a group.
    public static let none = "#9AA0A6"

    /// A stable colour for a name (the same payee gets the same colour on every page).
    public static func color(for name: String) -> String {
        // FNV-1a: stable across runs, unlike Swift's seeded `hashValue`.
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in name.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return colors[Int(hash % UInt64(colors.count))]
    }
}
