import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

@testable import TallyCore
@testable import TallyStore
@testable import TallyWeb

extension API {
    /// The locale part of `GET|PATCH /settings`, `GET /locales`, and the page's `lang`, `dir`
    /// and `Content-Language` (issue 43's contract).
    @Suite struct Locales {
        struct SettingsLocaleJSON: Decodable {
            let timeZone: String
            let locale: String?
            let firstWeekday: Int?
        }

        struct LocaleInfoJSON: Decodable, Equatable {
            let tag: String, name: String, nativeName: String, direction: String
        }

        @Test(arguments: Backend.all)
        func theSettingIsStoredCanonicalAndClearedWithNull(_ backend: Backend) async throws {
            try await withApp(backend) { client, _ in
                let owner = try await makeOwner(client)
                let before: SettingsLocaleJSON = try await client.get("/api/v1/settings", token: owner.token).decode()
                #expect(before.locale == nil && before.firstWeekday == nil)
                let raw = try await client.get("/api/v1/settings", token: owner.token)
                #expect(raw.text.contains("\"locale\":null") && raw.text.contains("\"first_weekday\":null"))

                let set = try await client.patch(
                    "/api/v1/settings",
                    token: owner.token,
                    json: json(["locale": "pt_br", "first_weekday": 7])
                )
                expectStatus(set, .ok)
                let changed: SettingsLocaleJSON = try set.decode()
                #expect(changed.locale == "pt-BR" && changed.firstWeekday == 7)
                // A change of something else keeps them.
                let zone: SettingsLocaleJSON = try await client.patch(
                    "/api/v1/settings",
                    token: owner.token,
                    json: json(["time_zone": "America/Sao_Paulo"])
                ).decode()
                #expect(zone.locale == "pt-BR" && zone.firstWeekday == 7 && zone.timeZone == "America/Sao_Paulo")
                let cleared: SettingsLocaleJSON = try await client.patch(
                    "/api/v1/settings",
                    token: owner.token,
                    json: #"{"locale": null, "first_weekday": null}"#
                ).decode()
                #expect(cleared.locale == nil && cleared.firstWeekday == nil && cleared.timeZone == "America/Sao_Paulo")
            }
        }

        @Test(arguments: [
            (#"{"locale": "klingon"}"#, "locale"), (#"{"locale": "sv-SE"}"#, "locale"),
            (#"{"locale": "de-ZZ"}"#, "locale"),
            (#"{"locale": 7}"#, "locale"), (#"{"locale": ""}"#, "locale"), (#"{"first_weekday": 0}"#, "first_weekday"),
            (#"{"first_weekday": 8}"#, "first_weekday"), (#"{"first_weekday": "1"}"#, "first_weekday"),
        ])
        func badValuesAre422sNamingTheField(body: String, field: String) async throws {
            try await withApp { client, _ in
                let owner = try await makeOwner(client)
                _ = try await client.patch("/api/v1/settings", token: owner.token, json: #"{"locale": "de-DE"}"#)
                expectProblem(
                    try await client.patch("/api/v1/settings", token: owner.token, json: body),
                    .unprocessableContent,
                    field: field
                )
                // Nothing of the refused change was kept.
                let after: SettingsLocaleJSON = try await client.get("/api/v1/settings", token: owner.token).decode()
                #expect(after.locale == "de-DE" && after.firstWeekday == nil)
            }
        }

        @Test func theLocalesAreListedToAnyone() async throws {
            try await withApp { client, _ in
                let response = try await client.get("/api/v1/locales")
                expectStatus(response, .ok)
                let locales: [LocaleInfoJSON] = try response.decode()
                #expect(locales.map(\.tag) == ["en", "de", "fr", "es", "pt-BR", "id", "ja", "ar"])
                #expect(locales.filter { $0.direction == "rtl" }.map(\.tag) == ["ar"])
                #expect(locales.first { $0.tag == "ja" }?.nativeName == "日本語")
            }
        }

        @Test func pagesCarryTheLanguageTheSettingOrTheBrowserGives() async throws {
            try await withApp { client, store in
                // Before sign-in: the browser's language.
                let login = try await client.get("/login", headers: [.acceptLanguage: "ar-EG,ar;q=0.9,en;q=0.5"])
                #expect(login.text.contains(#"<html lang="ar-EG" dir="rtl">"#))
                #expect(login.headers[.contentLanguage] == "ar-EG")
                #expect(login.headers[.vary]?.contains("Accept-Language") == true)
                let plain = try await client.get("/login", headers: [.acceptLanguage: "sv-SE, fi"])
                #expect(plain.text.contains(#"<html lang="en-US" dir="ltr">"#))

                // Signed in with a setting: the setting, whatever the browser says.
                let (browser, book) = try await WebPages().signedIn(client, store)
                let user = try #require(try await store.users.user(email: "ann@example.com"))
                _ = try await store.settings.updateSettings(
                    for: user,
                    timeZone: nil,
                    dailyReminder: nil,
                    reminderTime: nil,
                    locale: .some("de-DE")
                )
                for path in ["/books/\(book)/dashboard", "/settings", "/books"] {
                    let page = try await browser.get(path)
                    #expect(page.text.contains(#"<html lang="de-DE" dir="ltr">"#), "\(path)")
                    #expect(page.headers[.contentLanguage] == "de-DE", "\(path)")
                }
            }
        }

        @Test func theServersDefaultComesAfterTheBrowser() async throws {
            var configuration = AppConfiguration()
            configuration.defaultLocale = try TallyLocale("ja-JP")
            let store = try await Store.open(.sqliteMemory, bcryptCost: 4)
            try await store.migrate()
            let app = try await buildApplication(configuration, store: store)
            try await app.test(.router) { raw in
                let client = Client(raw: raw)
                #expect(try await client.get("/login").text.contains(#"<html lang="ja-JP" dir="ltr">"#))
                let french = try await client.get("/login", headers: [.acceptLanguage: "fr-CA"])
                #expect(french.text.contains(#"<html lang="fr-CA" dir="ltr">"#))
            }
        }
    }
}

extension API.Locales {
    struct NamedJSON: Decodable { let name: String }

    @Test func aNewPersonsFirstBookIsNamedInTheBrowsersLanguage() async throws {
        try await withApp { client, _ in
            let response = try await client.post(
                "/api/v1/users",
                json: json(["email": "de@example.com", "password": "correct horse", "currency": "EUR"]),
                headers: [.acceptLanguage: "de-DE,de;q=0.9"]
            )
            expectStatus(response, .created)
            let secret = try await token(for: "de@example.com", client)
            let books: [NamedJSON] = try await client.get("/api/v1/books", token: secret).decode()
            #expect(books.map(\.name) == ["Privat"])
            let book = try await client.get("/api/v1/books", token: secret).text
            let id = try #require(book.split(separator: "\"id\":").dropFirst().first?.prefix { $0.isNumber })
            let categories = try await client.get("/api/v1/books/\(id)/categories", token: secret).text
            #expect(
                categories.contains("Lebensmittel") && categories.contains("Miete") && !categories.contains("Groceries")
            )
            let accounts = try await client.get("/api/v1/books/\(id)/accounts", token: secret).text
            #expect(accounts.contains("Bargeld") && accounts.contains("Kreditkarte"))
        }
    }
}

extension API.Locales {
    /// A German person's PDF has German amounts; an Arabic one's keeps US English amounts, which
    /// the PDF's Latin-1 font can print (its Arabic-Indic digits would come out as "?").
    @Test(arguments: [("de-DE", "1.234,56 $"), ("ar-EG", "$1,234.56")])
    func pdfAmountsFollowTheLocaleWhereTheFontCanPrintThem(tag: String, expected: String) async throws {
        try await withApp { client, _ in
            let owner = try await makeOwner(client)
            _ = try await client.patch("/api/v1/settings", token: owner.token, json: json(["locale": tag]))
            try await addTransaction(
                client,
                owner,
                ["amount": "1234.56", "payee": "Oak Street", "date": "2024-03-01", "category": "Home:Rent"]
            )
            let response = try await client.get(
                "\(owner.books)/reports/summary?from=2024-03-01&to=2024-03-31&format=pdf",
                token: owner.token
            )
            expectStatus(response, .ok)
            try PDFCheck.text(Array(buffer: response.body)) { text in
                let plain = text.replacingOccurrences(of: "\u{00A0}", with: " ")
                #expect(plain.contains(expected), "\(text)")
                #expect(!plain.contains("?"), "\(text)")
            }
        }
    }
}

extension API.Locales {
    struct FeedLinkJSON: Decodable { let url: String }

    /// The calendar feed is read by a calendar app, with no session: it is written in its owner's
    /// locale all the same.
    @Test func theCalendarFeedIsWrittenTheOwnersWay() async throws {
        try await withApp { client, store in
            let owner = try await makeOwner(client)
            _ = try await client.patch("/api/v1/settings", token: owner.token, json: json(["locale": "de-DE"]))
            let user = try #require(try await store.users.user(email: owner.email))
            let due = try await store.settings.today(for: user).adding(days: 10)
            expectStatus(
                try await client.post(
                    "\(owner.books)/bills",
                    token: owner.token,
                    json: json(["title": "Strom", "amount": "1234.50", "first_due": due.description])
                ),
                .created
            )
            let feed: FeedLinkJSON = try await client.get("/api/v1/calendar-feed", token: owner.token).decode()
            let path = String(feed.url[try #require(feed.url.range(of: "/calendar/")).lowerBound...])
            let text = try await client.get(path, headers: [.acceptLanguage: "ja"]).text
            // iCalendar escapes a comma in text as "\,".
            let plain = text.replacingOccurrences(of: "\u{00A0}", with: " ").replacingOccurrences(of: "\\,", with: ",")
            #expect(plain.contains("Strom due: 1.234,50 $"), "\(text)")
        }
    }
}
