import Testing

@testable import TallyCore
@testable import TallyLocales

@Suite struct ShippedCatalogTests {
    @Test func everyShippedCatalogLoads() throws {
        try Catalogs.checkShipped()
    }

    /// The names a new book starts with, in each language: every one translated, and no two
    /// siblings alike where the English ones differ.
    @Test(arguments: Language.offered.filter { $0 != .english })
    func aNewBooksNamesAreTranslated(language: Language) {
        let catalog = Catalogs.shipped.catalog(language)
        var english: [String] = []
        var translated: [String] = []
        for (_, seeds) in Defaults.categories(in: .english) { english += seeds.map(\.name) }
        for (_, seeds) in Defaults.categories(in: catalog) { translated += seeds.map(\.name) }
        #expect(Set(english).count == Set(translated).count, "\(language): two categories got one name")
        let untranslated = Defaults.categories(in: catalog).flatMap { $0.seeds.flatMap { [$0.name] + $0.children } }
            .filter { name in
                // The words that are the same in English and this language.
                !["Auto", "Internet", "Restaurants", "Taxi", "Hotels", "Personal", "Gym", "Musik", "Elektronik"]
                    .contains(name)
                    && Defaults.categories(in: .english).contains {
                        $0.seeds.contains { $0.name == name || $0.children.contains(name) }
                    }
            }
        #expect(untranslated.isEmpty, "\(language): \(untranslated)")
        #expect(Defaults.accounts(in: catalog).map(\.name) != Defaults.accounts.map(\.name))
        #expect(Defaults.firstBookName(in: catalog) != "Personal" || language == .spanish)
        // A bill's category path names categories that exist in that language.
        let paths = Set(
            Defaults.categories(in: catalog).flatMap { kind in
                kind.seeds.flatMap { seed in [seed.name] + seed.children.map { seed.name + ":" + $0 } }
            }
        )
        for bill in Defaults.bills(in: catalog) {
            if let path = bill.category { #expect(paths.contains(path), "\(language): \(path)") }
        }
    }

    @Test func germanNamesAreTheOnesABankCustomerKnows() {
        let german = Catalogs.shipped.catalog(.german)
        let food = Defaults.categories(in: german)[0].seeds.first { $0.icon == "🍽️" }
        #expect(food?.name == "Essen" && food?.children.first == "Lebensmittel")
        #expect(
            Defaults.bills(in: german).first?.title == "Miete"
                && Defaults.bills(in: german).first?.category == "Wohnen:Miete"
        )
    }
}
