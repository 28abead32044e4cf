import Foundation
import Testing

/// Outputs that depend on today (a goal planned from the day it is made, this month's bills, the
/// budgets' current periods): the same commands on a local data folder and against a real
/// `tally serve`, their outputs compared with each other.
@Suite("today's figures both ways", .serialized)
struct BothWaysTodayTests {
    @Test("goal add and list, budget list and status, bill list: without a date, the same both ways")
    func sameToday() throws {
        let local = try BothWays(.local)
        let server = try BothWays(.server)
        defer {
            local.cleanUp()
            server.cleanUp()
        }
        try local.setUp()
        try server.setUp()
        let commands = [
            ["goal", "add", "--name", "Bike", "--price", "1200", "--saved", "200", "--income", "2000"],
            ["goal", "add", "--name", "Trip", "--price", "900", "--target-date", "2099-06-30", "--income", "300"],
            ["goal", "list"], ["goal", "contribute", "1", "--amount", "100"],
            ["budget", "add", "--name", "All", "--limit", "500", "--cycle", "weekly"],
            ["add", "expense", "12.50", "--payee", "Shop", "--account", "Cash"],
            ["budget", "list"], ["budget", "status", "1"], ["budget", "history", "1", "--limit", "3"],
            ["bill", "add", "--title", "Rent", "--amount", "1000"], ["bill", "list"],
        ]
        for command in commands {
            let here = try local.run(command)
            #expect(here.status == 0, "\(command): \(here.stderr)")
            #expect(try server.run(command) == here, "\(command)")
        }
    }
}
