/// The shape of the demo data: the accounts, categories, payees and incomes of a believable
/// household, with how often each occurs and what it usually costs. The same shape as the
/// benchmark data the project used before it had its own generator, so figures stay comparable.
enum DemoCatalog {
    /// An account: its name in Tally, its name in a ledger journal, its weight for expenses.
    struct Account {
        let name: String
        let ledger: String
        let weight: Int
    }

    /// A merchant: its usual sub-category, how often it is visited, and the account it is paid with.
    struct Payee {
        let name: String
        let category: String
        let subcategory: String
        let weight: Int
        let account: String?
    }

    /// A typical price: the median in cents and the spread (log-normal sigma, in thousandths).
    struct Price {
        let medianCents: Int64
        let sigmaMilli: Int64
    }

    /// An income sub-category: who pays it, its typical amount and the account it lands in.
    struct Income {
        let subcategory: String
        let weight: Int
        let payers: [String]
        let price: Price
        let account: String?
    }

    static let accounts = [
        Account(name: "Cash", ledger: "Assets:Cash", weight: 15),
        Account(name: "Checking", ledger: "Assets:Checking", weight: 30),
        Account(name: "Credit Card Visa", ledger: "Liabilities:CreditCard:Visa", weight: 30),
        Account(name: "Credit Card Amex", ledger: "Liabilities:CreditCard:Amex", weight: 20),
        Account(name: "Gift Card", ledger: "Assets:GiftCard", weight: 2),
    ]

    /// category → [(sub-category, price)], in a fixed order.
    static let categories: [(String, [(String, Price)])] = [
        (
            "Food",
            [
                ("Groceries", p(6200, 600)), ("Restaurants", p(3800, 600)), ("Coffee", p(550, 350)),
                ("FastFood", p(1200, 400)), ("Alcohol", p(2400, 500)),
            ]
        ),
        (
            "Transport",
            [
                ("Fuel", p(4500, 300)), ("PublicTransit", p(350, 600)), ("Taxi", p(2200, 500)),
                ("Parking", p(900, 600)), ("CarMaintenance", p(18000, 800)),
            ]
        ),
        ("Housing", [("Rent", p(145000, 50)), ("Maintenance", p(9500, 900)), ("Furniture", p(26000, 800))]),
        (
            "Utilities",
            [
                ("Electric", p(8500, 300)), ("Water", p(4000, 250)), ("Internet", p(6500, 100)),
                ("Phone", p(5500, 150)), ("Gas", p(5000, 450)),
            ]
        ),
        (
            "Health",
            [
                ("Pharmacy", p(1800, 700)), ("Doctor", p(12000, 600)), ("Dental", p(15000, 600)),
                ("Gym", p(4500, 100)),
            ]
        ),
        (
            "Shopping",
            [
                ("Clothing", p(5500, 700)), ("Electronics", p(14000, 900)), ("Household", p(2500, 700)),
                ("Books", p(1800, 500)),
            ]
        ),
        (
            "Entertainment",
            [
                ("Movies", p(1600, 300)), ("Streaming", p(1400, 200)), ("Concerts", p(8500, 500)),
                ("Games", p(3500, 600)),
            ]
        ),
        ("Travel", [("Flights", p(32000, 500)), ("Hotels", p(18000, 600)), ("RentalCar", p(14000, 500))]),
        ("Education", [("Tuition", p(85000, 400)), ("Courses", p(6000, 700))]),
        ("PersonalCare", [("Haircut", p(3200, 300)), ("Cosmetics", p(2200, 600))]),
        ("Gifts", [("Family", p(6000, 700)), ("Charity", p(4000, 800))]),
        ("Insurance", [("Car", p(11000, 100)), ("Health", p(24000, 50)), ("Home", p(7500, 100))]),
    ]

    static let payees: [Payee] = [
        y("Whole Foods Market", "Food", "Groceries", 40), y("Trader Joe's", "Food", "Groceries", 45),
        y("Safeway", "Food", "Groceries", 35), y("Costco", "Food", "Groceries", 20, "Credit Card Visa"),
        y("Farmers Market", "Food", "Groceries", 8, "Cash"), y("Starbucks", "Food", "Coffee", 55),
        y("Blue Bottle Coffee", "Food", "Coffee", 20), y("Local Cafe", "Food", "Coffee", 18, "Cash"),
        y("Chipotle", "Food", "FastFood", 22), y("McDonald's", "Food", "FastFood", 15),
        y("Subway", "Food", "FastFood", 10), y("Olive Garden", "Food", "Restaurants", 8),
        y("Sushi House", "Food", "Restaurants", 10), y("Thai Palace", "Food", "Restaurants", 9),
        y("Pizza Corner", "Food", "Restaurants", 12), y("BevMo", "Food", "Alcohol", 6),
        y("Shell", "Transport", "Fuel", 22), y("Chevron", "Transport", "Fuel", 18),
        y("City Metro", "Transport", "PublicTransit", 25, "Checking"),
        y("Uber", "Transport", "Taxi", 14, "Credit Card Amex"), y("Lyft", "Transport", "Taxi", 7, "Credit Card Amex"),
        y("ParkMobile", "Transport", "Parking", 10), y("Jiffy Lube", "Transport", "CarMaintenance", 3),
        y("Oak Street Apartments", "Housing", "Rent", 4, "Checking"), y("Home Depot", "Housing", "Maintenance", 6),
        y("IKEA", "Housing", "Furniture", 2), y("PG&E Electric", "Utilities", "Electric", 4, "Checking"),
        y("City Water Dept", "Utilities", "Water", 4, "Checking"),
        y("Comcast", "Utilities", "Internet", 4, "Credit Card Visa"),
        y("Verizon Wireless", "Utilities", "Phone", 4, "Credit Card Visa"),
        y("PG&E Gas", "Utilities", "Gas", 4, "Checking"), y("CVS Pharmacy", "Health", "Pharmacy", 9),
        y("Walgreens", "Health", "Pharmacy", 7), y("Dr. Smith Family Practice", "Health", "Doctor", 2),
        y("Bright Smile Dental", "Health", "Dental", 1), y("24 Hour Fitness", "Health", "Gym", 4, "Credit Card Visa"),
        y("Amazon", "Shopping", "Household", 30, "Credit Card Visa"), y("Target", "Shopping", "Household", 18),
        y("Walmart", "Shopping", "Household", 12), y("Uniqlo", "Shopping", "Clothing", 5),
        y("Nordstrom", "Shopping", "Clothing", 3, "Credit Card Amex"), y("Best Buy", "Shopping", "Electronics", 3),
        y("Apple Store", "Shopping", "Electronics", 2, "Credit Card Amex"),
        y("Barnes & Noble", "Shopping", "Books", 4), y("AMC Theatres", "Entertainment", "Movies", 5),
        y("Netflix", "Entertainment", "Streaming", 4, "Credit Card Visa"),
        y("Spotify", "Entertainment", "Streaming", 4, "Credit Card Visa"),
        y("Ticketmaster", "Entertainment", "Concerts", 2, "Credit Card Amex"),
        y("Steam", "Entertainment", "Games", 4), y("United Airlines", "Travel", "Flights", 2, "Credit Card Amex"),
        y("Delta Air Lines", "Travel", "Flights", 2, "Credit Card Amex"),
        y("Marriott", "Travel", "Hotels", 2, "Credit Card Amex"), y("Hertz", "Travel", "RentalCar", 1),
        y("State University", "Education", "Tuition", 1, "Checking"), y("Coursera", "Education", "Courses", 2),
        y("Great Clips", "PersonalCare", "Haircut", 4), y("Sephora", "PersonalCare", "Cosmetics", 4),
        y("Red Cross", "Gifts", "Charity", 2), y("Etsy", "Gifts", "Family", 4),
        y("GEICO", "Insurance", "Car", 3, "Checking"), y("Blue Shield", "Insurance", "Health", 3, "Checking"),
        y("State Farm Home", "Insurance", "Home", 2, "Checking"),
    ]

    /// Refunds come from the merchants themselves (empty payers).
    static let incomes = [
        Income(
            subcategory: "Salary",
            weight: 52,
            payers: ["Acme Corp Payroll", "Globex Payroll"],
            price: p(130000, 120),
            account: "Checking"
        ),
        Income(subcategory: "Refunds", weight: 32, payers: [], price: p(3500, 900), account: nil),
        Income(
            subcategory: "Interest",
            weight: 8,
            payers: ["First National Bank"],
            price: p(420, 600),
            account: "Checking"
        ),
        Income(
            subcategory: "Gifts",
            weight: 8,
            payers: ["Grandma", "Birthday Gift"],
            price: p(10000, 500),
            account: "Gift Card"
        ),
    ]

    static let notes = [
        "split with roommate", "reimbursable - work trip", "birthday dinner", "weekly shop", "paid with coupon",
        "annual renewal", "for the kids", "returned partially", "holiday season", "emergency repair",
        "tip included", "bought in bulk", "anniversary", "office supplies", "price match applied",
    ]

    /// One record in this many thousand has a note; one in this many thousand is an income.
    static let notePerMille = 70
    static let incomePerMille = 80

    static func price(_ category: String, _ subcategory: String) -> Price {
        let subs = categories.first { $0.0 == category }!.1
        return subs.first { $0.0 == subcategory }!.1
    }

    private static func p(_ median: Int64, _ sigma: Int64) -> Price { Price(medianCents: median, sigmaMilli: sigma) }
    private static func y(_ n: String, _ c: String, _ s: String, _ w: Int, _ a: String? = nil) -> Payee {
        Payee(name: n, category: c, subcategory: s, weight: w, account: a)
    }
}
