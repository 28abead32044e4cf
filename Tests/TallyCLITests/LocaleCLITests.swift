import Foundation
import Testing

/// The CLI's locale: `tally user create --locale`, and the environment a command's amounts follow.
@Suite("tally's locale", .serialized)
struct LocaleCLITests {
    @Test("user create --locale stores the canonical tag; a bad one is refused before any user is made")
    func userCreateLocale() throws {
        let cli = try CLI()
        defer { cli.cleanUp() }
        let refused = try cli.run(
            ["user", "create", "--email", "de@example.com", "--password-stdin", "--locale", "sv-SE"],
            input: "password123\n"
        )
        #expect(refused.status != 0)
        #expect(refused.stderr.contains("--locale") && refused.stderr.contains("'sv'"), "\(refused.stderr)")
        #expect(try cli.run(["user", "list"]).stdout == "No users.\n")
        let made = try cli.run(
            [
                "user", "create", "--email", "de@example.com", "--password-stdin", "--locale", "de_de", "--currency",
                "EUR",
            ],
            input: "password123\n"
        )
        #expect(made.status == 0, "\(made.stderr)")
    }

    @Test("amounts follow LANG, and TALLY_LOCALE before it; a bad TALLY_LOCALE is refused")
    func amountsFollowTheEnvironment() throws {
        let cli = try CLI()
        defer { cli.cleanUp() }
        _ = try cli.run(
            ["user", "create", "--email", "me@example.com", "--password-stdin", "--currency", "EUR"],
            input: "password123\n"
        )
        let german = try cli.run(
            ["add", "expense", "1234.5", "--payee", "Markt", "--date", "2026-03-02"],
            environment: ["LANG": "de_DE.UTF-8"]
        )
        #expect(german.status == 0, "\(german.stderr)")
        #expect(german.stdout.contains("1.234,50\u{00A0}€"), "\(german.stdout)")
        let english = try cli.run(["list"], environment: ["LANG": "de_DE.UTF-8", "TALLY_LOCALE": "en-US"])
        #expect(english.stdout.contains("€1,234.50"), "\(english.stdout)")
        let bad = try cli.run(["list"], environment: ["TALLY_LOCALE": "klingon"])
        #expect(bad.status != 0 && bad.stderr.contains("TALLY_LOCALE"), "\(bad.stderr)")
    }
}
