import TallyCore

/// The book the phrasing table is read against: a household's categories (sub-categories under
/// parents, names of two words, an accented one, an income parent with its children), its
/// accounts (one archived), 50 payees with what they were last recorded with, and three rules.
extension QuickAddPhrasingTests {
    private static func category(_ id: Int64, _ name: String, in parent: Int64? = nil) -> Category {
        // 37 and its children are the income categories.
        let income = id == 37 || parent == 37
        return QuickAddDraftTests.category(id, name, parent: parent, income ? .income : .expense)
    }

    private static let categories = [
        category(1, "Food & Dining"), category(2, "Coffee Shops", in: 1), category(3, "Groceries", in: 1),
        category(4, "Restaurants", in: 1), category(5, "Fast Food", in: 1), category(6, "Alcohol & Bars", in: 1),
        category(41, "Café", in: 1),
        category(7, "Auto & Transport"), category(8, "Gas & Fuel", in: 7), category(9, "Parking", in: 7),
        category(10, "Public Transportation", in: 7), category(11, "Ride Share", in: 7),
        category(12, "Shopping"), category(13, "Clothing", in: 12), category(14, "Electronics", in: 12),
        category(15, "Books", in: 12),
        category(16, "Bills & Utilities"), category(17, "Rent", in: 16), category(18, "Internet", in: 16),
        category(19, "Utilities", in: 16), category(20, "Mobile Phone", in: 16),
        category(21, "Entertainment"), category(22, "Movies", in: 21), category(23, "Streaming", in: 21),
        category(24, "Health & Fitness"), category(25, "Pharmacy", in: 24), category(26, "Doctor", in: 24),
        category(27, "Gym", in: 24),
        category(28, "Travel"), category(29, "Hotel", in: 28), category(30, "Air Travel", in: 28),
        category(31, "Gifts & Donations"), category(32, "Gift", in: 31), category(33, "Charity", in: 31),
        category(34, "Pets"), category(35, "Personal Care"), category(36, "Hair", in: 35),
        category(37, "Income"), category(38, "Salary", in: 37), category(39, "Freelance", in: 37),
        category(40, "Interest", in: 37),
    ]

    private static let accounts = [
        QuickAddDraftTests.account(1, "Checking", .checking), QuickAddDraftTests.account(2, "Visa", .credit),
        QuickAddDraftTests.account(3, "Amex Gold", .credit), QuickAddDraftTests.account(4, "Wallet", .cash),
        QuickAddDraftTests.account(5, "Savings", .savings),
        QuickAddDraftTests.account(6, "Old Mastercard", .credit, archived: true),
        QuickAddDraftTests.account(7, "Venmo", .checking),
    ]

    /// Name, usual category, usual account (1 Checking, 2 Visa, 3 Amex Gold, 4 Wallet, 6 the
    /// archived card), the most used first.
    private static let payees: [(String, Int64?, Int64?)] = [
        ("Starbucks Coffee", 2, 2), ("Blue Bottle Coffee", 2, 2), ("Dunkin'", 2, 4), ("Café Luna", 41, 4),
        ("Peet's Coffee", 2, 3), ("Whole Foods Market", 3, 2), ("Trader Joe's", 3, 2), ("Safeway", 3, 1),
        ("Costco", 3, 3), ("Walmart", 3, 1), ("Farmers Market", nil, 4), ("Tartine Bakery", nil, 4),
        ("Chipotle", 5, 2), ("McDonald's", 5, 4), ("Panera Bread", 4, 2), ("Olive Garden", 4, 2),
        ("Joe's Pizza", 4, 4), ("Toronado Pub", 6, 4), ("Uber", 11, 2), ("Lyft", 11, 2), ("Shell", 8, 6),
        ("Chevron", 8, 2), ("BART", 10, 1), ("Netflix", 23, 2), ("Spotify", 23, 2), ("Comcast", 18, 1),
        ("PG&E", 19, 1), ("T-Mobile", 20, 1), ("Oakwood Apartments", 17, 1), ("Target", 12, 2),
        ("Amazon", 12, 3), ("Best Buy", 14, 2), ("Apple Store", 14, 3), ("Barnes & Noble", 15, 2),
        ("H&M", 13, 2), ("Zara", 13, 2), ("AMC Theatres", 22, 2), ("CVS Pharmacy", 25, 2), ("Walgreens", 25, 1),
        ("Dr. Patel", 26, 1), ("24 Hour Fitness", 27, 1), ("Marriott", 29, 3), ("United Airlines", 30, 3),
        ("Airbnb", 29, 3), ("Petco", 34, 2), ("Great Clips", 36, 4), ("Red Cross", 33, 1), ("7-Eleven", 5, 4),
        ("Acme Corp", 38, 1), ("Upwork", 39, 1),
    ]

    private static func rule(_ position: Int, _ match: TextMatch, _ category: Int64) -> Rule {
        Rule(position: position, conditions: RuleConditions(payee: match), actions: RuleActions(category: category))
    }

    static let book = QuickAddBook(
        currency: .usd,
        categories: categories,
        accounts: accounts,
        payees: payees.map { QuickAddDraftTests.payee($0.0, category: $0.1, account: $0.2) },
        rules: RuleBook([
            rule(0, TextMatch(.contains, "parkmobile"), 9), rule(1, TextMatch(.contains, "hulu"), 23),
            rule(2, TextMatch(.equals, "vet"), 34),
        ])
    )
}
