/// What a new book starts with: the categories and payment sources from the product brief.
public enum Defaults {
    /// A default category with its sub-categories.
    public struct CategorySeed: Sendable {
        /// Name.
        public let name: String
        /// Emoji icon.
        public let icon: String
        /// "#RRGGBB".
        public let color: String
        /// Sub-category names.
        public let children: [String]
    }

    /// Expense categories.
    public static let expenseCategories: [CategorySeed] = [
        .init(name: "Auto", icon: "🚗", color: "#5B8DEF", children: ["Fuel", "Insurance", "Maintenance", "Parking"]),
        .init(name: "Entertainment", icon: "🎬", color: "#A66CFF", children: ["Movies", "Music", "Games", "Events"]),
        .init(name: "Food", icon: "🍽️", color: "#F2994A", children: ["Groceries", "Restaurants", "Coffee"]),
        .init(name: "Home", icon: "🏠", color: "#27AE60", children: ["Rent", "Mortgage", "Repairs", "Furniture"]),
        .init(name: "Household", icon: "🧺", color: "#6FCF97", children: ["Supplies", "Cleaning", "Laundry"]),
        .init(name: "Personal", icon: "🧴", color: "#EB5757", children: ["Clothing", "Health", "Haircut", "Gym"]),
        .init(name: "Electronics", icon: "💻", color: "#2D9CDB", children: ["Computers", "Phone", "Accessories"]),
        .init(name: "Transportation", icon: "🚌", color: "#56CCF2", children: ["Public Transit", "Taxi", "Parking"]),
        .init(name: "Travel", icon: "✈️", color: "#BB6BD9", children: ["Flights", "Hotels", "Car Rental"]),
        .init(name: "Utilities", icon: "💡", color: "#F2C94C", children: ["Electricity", "Water", "Internet", "Phone"]),
        .init(name: "Holidays", icon: "🎁", color: "#E0559B", children: ["Gifts", "Decorations", "Parties"]),
    ]

    /// Income categories.
    public static let incomeCategories: [CategorySeed] = [
        .init(name: "Salary", icon: "💼", color: "#219653", children: []),
        .init(name: "Refunds", icon: "↩️", color: "#2F80ED", children: []),
        .init(name: "Interest", icon: "🏦", color: "#9B51E0", children: []),
        .init(name: "Gifts", icon: "🎁", color: "#F2994A", children: []),
    ]

    /// The bills a new book starts with (at zero, for the user to edit or delete), with the
    /// category path their payments are recorded in.
    public static let bills: [(title: String, category: String?)] = [
        ("Rent", "Home:Rent"), ("Insurance", nil), ("Credit Card", nil), ("Groceries", "Food:Groceries"),
        ("Gym", "Personal:Gym"),
    ]

    /// Payment sources.
    public static let accounts: [(name: String, kind: AccountKind)] = [
        ("Cash", .cash), ("Debit Card", .checking), ("Credit Card", .credit), ("Check", .check), ("Gift Card", .gift),
    ]
}

extension Defaults {
    /// The expense and income categories in `catalog`'s language (`msgctxt "default category"`).
    public static func categories(in catalog: Catalog) -> [(kind: CategoryKind, seeds: [CategorySeed])] {
        let name = { (english: String) in catalog.text(english, context: "default category") }
        let named = { (seeds: [CategorySeed]) in
            seeds.map {
                CategorySeed(name: name($0.name), icon: $0.icon, color: $0.color, children: $0.children.map(name))
            }
        }
        return [(.expense, named(expenseCategories)), (.income, named(incomeCategories))]
    }

    /// The payment sources in `catalog`'s language (`msgctxt "default account"`).
    public static func accounts(in catalog: Catalog) -> [(name: String, kind: AccountKind)] {
        accounts.map { (catalog.text($0.name, context: "default account"), $0.kind) }
    }

    /// The starting bills in `catalog`'s language (`msgctxt "default bill"`), with their category
    /// paths named as `categories(in:)` names them.
    public static func bills(in catalog: Catalog) -> [(title: String, category: String?)] {
        bills.map { bill in
            let path = bill.category.map { path in
                path.split(separator: ":").map { catalog.text(String($0), context: "default category") }.joined(
                    separator: ":"
                )
            }
            return (catalog.text(bill.title, context: "default bill"), path)
        }
    }

    /// The name of a person's first book (`msgctxt "default book"`).
    public static func firstBookName(in catalog: Catalog) -> String {
        catalog.text("Personal", context: "default book")
    }
}
