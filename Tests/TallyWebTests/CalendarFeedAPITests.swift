import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import TallyCore
import TallyStore
import TallyWeb
import Testing

struct FeedURLJSON: Decodable { let url: String }

/// Unfolds an iCalendar document into its content lines (RFC 5545 §3.1), checking the physical
/// lines on the way: CRLF endings and at most 75 octets each.
func unfoldICS(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) -> [String] {
    #expect(text.hasSuffix("\r\n"), sourceLocation: sourceLocation)
    let physical = text.components(separatedBy: "\r\n").dropLast()
    var lines: [String] = []
    for line in physical {
        #expect(line.utf8.count <= 75, "longer than 75 octets: \(line)", sourceLocation: sourceLocation)
        #expect(!line.contains("\n") && !line.contains("\r"), sourceLocation: sourceLocation)
        if line.hasPrefix(" "), !lines.isEmpty {
            lines[lines.count - 1] += line.dropFirst()
        } else {
            lines.append(line)
        }
    }
    return lines
}

/// The VEVENTs of unfolded lines, each as property name → value.
func icsEvents(_ lines: [String]) -> [[String: String]] {
    var events: [[String: String]] = []
    var current: [String: String]?
    var depth = 0
    for line in lines {
        if line == "BEGIN:VEVENT" {
            current = [:]
            continue
        }
        if line == "END:VEVENT" {
            events.append(current!)
            current = nil
            continue
        }
        if line == "BEGIN:VALARM" {
            depth += 1
            current?["VALARM"] = "yes"
            continue
        }
        if line == "END:VALARM" {
            depth -= 1
            continue
        }
        guard current != nil, let colon = line.firstIndex(of: ":") else { continue }
        let name = String(line[..<colon])
        let value = String(line[line.index(after: colon)...])
        current![depth > 0 ? "VALARM." + name : name] = value
    }
    return events
}

extension API {
    /// `GET /api/v1/calendar-feed`, `POST …/rotate` and the feed itself.
    @Suite struct CalendarFeed {
        @Test(arguments: Backend.all)
        func feedHasBillsRemindersAndRotates(_ backend: Backend) async throws {
            try await withApp(backend) { client, store in
                let owner = try await makeOwner(client)
                let user = try #require(try await store.users.user(email: owner.email))
                let today = try await store.settings.today(for: user)
                let due = today.adding(days: 10)
                let title = "Électricité, gaz; \\ et eau — a very long bill title to fold 🔌🔌🔌"
                _ = try await client.post(
                    "\(owner.books)/bills",
                    token: owner.token,
                    json: json([
                        "title": String(title.prefix(60)), "amount": "80.00", "first_due": due.description,
                        "remind_days": 3, "url": "https://power.example/pay",
                    ])
                )
                expectStatus(
                    try await client.patch(
                        "/api/v1/settings",
                        token: owner.token,
                        json: json(["daily_reminder": true, "reminder_time": "21:15"])
                    ),
                    .ok
                )

                let feed: FeedURLJSON = try await client.get("/api/v1/calendar-feed", token: owner.token).decode()
                // Stored hashed: the link is shown when made, afterwards only when it was made.
                let again = try await client.get("/api/v1/calendar-feed", token: owner.token)
                expectStatus(again, .ok)
                #expect(again.text.contains("\"url\":null") && again.text.contains("\"created_at\":\""))
                #expect(
                    feed.url.hasPrefix("http://127.0.0.1:8080/calendar/"),
                    "built from the configured public address"
                )
                let path = try #require(feed.url.range(of: "/calendar/").map { String(feed.url[$0.lowerBound...]) })
                #expect(path.count == "/calendar/".count + 64 + ".ics".count)

                let response = try await client.get(path)
                expectStatus(response, .ok)
                #expect(response.headers[.contentType] == "text/calendar; charset=utf-8")
                let lines = unfoldICS(response.text)
                #expect(
                    lines.first == "BEGIN:VCALENDAR" && lines.last == "END:VCALENDAR" && lines.contains("VERSION:2.0")
                )
                #expect(lines.contains { $0.hasPrefix("PRODID:") })
                let events = icsEvents(lines)
                for event in events {
                    #expect(
                        event["UID"] != nil && event["DTSTAMP"] != nil
                            && (event["DTSTART"] ?? event["DTSTART;VALUE=DATE"]) != nil,
                        "\(event)"
                    )
                }
                let basic = due.description.replacingOccurrences(of: "-", with: "")
                let bill = try #require(
                    events.first { $0["DTSTART;VALUE=DATE"] == basic && $0["SUMMARY"]?.contains("80.00") == true }
                )
                #expect(bill["SUMMARY"]!.hasPrefix("Électricité\\, gaz\\; \\\\ et eau"))
                #expect(bill["VALARM.TRIGGER"] == "-PT63H" && bill["URL"] == "https://power.example/pay")
                let daily = try #require(events.first { $0["RRULE"] == "FREQ=DAILY" })
                #expect(daily["DTSTART"] == today.description.replacingOccurrences(of: "-", with: "") + "T211500")
                // The five default bills (at zero) are in the feed too, monthly from next month.
                #expect(events.filter { $0["SUMMARY"] == "Rent due" }.count >= 11)

                let rotated: FeedURLJSON = try await client.post("/api/v1/calendar-feed/rotate", token: owner.token)
                    .decode()
                #expect(rotated.url != feed.url)
                expectStatus(try await client.get(path), .notFound)
                let newPath = String(rotated.url[rotated.url.range(of: "/calendar/")!.lowerBound...])
                expectStatus(try await client.get(newPath), .ok)
                expectStatus(try await client.get("/calendar/\(String(repeating: "a", count: 64)).ics"), .notFound)
                expectStatus(try await client.get("/calendar/nope.ics"), .notFound)
                expectStatus(try await client.get("/api/v1/calendar-feed"), .unauthorized)
            }
        }

        /// A paid occurrence stays in the feed, marked paid, with no reminder.
        @Test(arguments: Backend.all)
        func paidBillsHaveNoAlarm(_ backend: Backend) async throws {
            try await withApp(backend) { client, store in
                let owner = try await makeOwner(client)
                let today = try await store.settings.today(
                    for: try #require(try await store.users.user(email: owner.email))
                )
                let bill: BillJSON = try await client.post(
                    "\(owner.books)/bills",
                    token: owner.token,
                    json: json([
                        "title": "Gym pass", "amount": "30.00", "first_due": today.adding(days: 5).description,
                        "cycle": "weekly",
                    ])
                ).decode()
                expectStatus(
                    try await client.post(
                        "\(owner.books)/bills/\(bill.id)/occurrences/\(today.adding(days: 5))/pay",
                        token: owner.token
                    ),
                    .created
                )
                let feed: FeedURLJSON = try await client.get("/api/v1/calendar-feed", token: owner.token).decode()
                let events = icsEvents(
                    unfoldICS(
                        try await client.get(String(feed.url[feed.url.range(of: "/calendar/")!.lowerBound...])).text
                    )
                )
                let paid = try #require(events.first { $0["SUMMARY"] == "✓ Paid: Gym pass" })
                #expect(paid["VALARM"] == nil)
                let next = try #require(events.first { $0["UID"] == "bill-\(bill.id)-\(today.adding(days: 12))@tally" })
                #expect(next["VALARM.TRIGGER"] == "-PT63H" && next["SUMMARY"] == "Gym pass due: $30.00")
            }
        }
    }
}
