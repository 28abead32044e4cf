import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import TallyCore
import TallyStore
import TallyWeb
import Testing

extension API {
    /// Issue 42, finding 5: at most one reading per slot and a bounded line behind them; a photo
    /// that finds the line full, or whose turn would come too late, is a 503 with Retry-After at
    /// once, and the time limit counts from arrival.
    @Suite struct ReceiptReadQueue {
        typealias Answer = (status: HTTPResponse.Status, retryAfter: String?, took: Duration)

        static func read(_ client: Client, _ owner: Owner, _ png: [UInt8]) async throws -> Answer {
            let start = ContinuousClock.now
            let response = try await API.ReceiptRead.read(client, owner, png, type: "image/png")
            return (response.status, response.headers[.retryAfter], ContinuousClock.now - start)
        }

        /// The longest of a few GET /health and GET /api/v1/books, asked while the readings run.
        static func otherRoutes(_ client: Client, _ owner: Owner) async throws -> Duration {
            try await Task.sleep(for: .milliseconds(300))
            var longest = Duration.zero
            for _ in 0..<5 {
                let start = ContinuousClock.now
                let health = try await client.get("/health")
                let books = try await client.get("/api/v1/books", token: owner.token)
                #expect(health.status == .ok && books.status == .ok)
                longest = max(longest, ContinuousClock.now - start)
                try await Task.sleep(for: .milliseconds(200))
            }
            return longest
        }

        @Test("32 reads at once: 16 are taken, the 17th and later are a 503 with Retry-After at once")
        func boundedLine() async throws {
            let fake = try ReceiptReadLimits.slowTesseract(seconds: 0.3)
            var configuration = AppConfiguration()
            // One slot and 15 waiting: 16 photos held, as on a one-core server with --ocr-queue 15.
            configuration.receipts = ReceiptOCR(
                command: fake.command,
                imageMagick: nil,
                concurrent: 1,
                waiting: 15
            )
            try await withConfiguredApp(configuration) { client, _ in
                let owner = try await makeOwner(client)
                let png = try ReceiptReadLimits.png(width: 100, height: 100)
                async let others = Self.otherRoutes(client, owner)
                let answers = try await withThrowingTaskGroup(of: Answer.self) { group in
                    for _ in 0..<32 { group.addTask { try await Self.read(client, owner, png) } }
                    return try await group.reduce(into: [Answer]()) { $0.append($1) }
                }
                let refused = answers.filter { $0.status == .serviceUnavailable }
                #expect(answers.filter { $0.status == .ok }.count == 16)
                #expect(refused.count == 16)
                #expect(refused.allSatisfy { $0.retryAfter == "20" })
                let slowestRefusal = refused.map(\.took).max() ?? .zero
                #expect(slowestRefusal < .seconds(1), "a refusal took \(slowestRefusal)")
                let slowestOther = try await others
                #expect(slowestOther <= .seconds(1), "another route took \(slowestOther)")
                #expect(try String(contentsOf: fake.ran, encoding: .utf8).count == 16 * 2, "16 readings ran")
                // The line drained: the next photo is read.
                #expect(try await Self.read(client, owner, png).status == .ok)
            }
        }

        @Test("a photo whose wait runs past the limit is a 503, its whole time within the limit")
        func waitCountsTowardTheLimit() async throws {
            let fake = try ReceiptReadLimits.slowTesseract(seconds: 5, hangs: true)
            var configuration = AppConfiguration()
            configuration.receipts = ReceiptOCR(
                command: fake.command,
                limit: .seconds(1),
                imageMagick: nil,
                concurrent: 1
            )
            try await withConfiguredApp(configuration) { client, _ in
                let owner = try await makeOwner(client)
                let png = try ReceiptReadLimits.png(width: 100, height: 100)
                async let first = Self.read(client, owner, png)
                try await Task.sleep(for: .milliseconds(100))
                let second = try await Self.read(client, owner, png)
                // Its turn would have come with under a quarter of the limit left: refused at 0.75 s.
                #expect(second.status == .serviceUnavailable && second.retryAfter == "1")
                #expect(second.took >= .milliseconds(600) && second.took <= .milliseconds(1300), "\(second.took)")
                let running = try await first
                #expect(running.status == .unprocessableContent, "the reading itself was stopped at the limit")
                #expect(running.took <= .milliseconds(1500), "\(running.took)")
            }
            #expect(try String(contentsOf: fake.ran, encoding: .utf8) == "x\n", "the second never ran")
        }

        @Test("the page's no-JS read step says the readings are busy, with Retry-After")
        func busyPage() async throws {
            let fake = try ReceiptReadLimits.slowTesseract(seconds: 1)
            var configuration = AppConfiguration()
            let reader = ReceiptOCR(command: fake.command, imageMagick: nil, concurrent: 1, waiting: 0)
            configuration.receipts = reader
            try await withConfiguredApp(configuration) { client, store in
                let (browser, book) = try await WebPages().signedIn(client, store)
                let png = try ReceiptReadLimits.png(width: 100, height: 100)
                // The reader shares its slots with the app's copy: this reading holds the only one.
                let holding = Task { try await reader.text(of: png) }
                try await Task.sleep(for: .milliseconds(200))
                let page = try await WebPages.postPhoto(client, browser, book: book, photo: png)
                #expect(page.status == .serviceUnavailable)
                #expect(page.headers[.retryAfter] == "20")
                #expect(page.text.contains("try again in 20 s"), "\(page.text.prefix(400))")
                #expect(page.text.contains(#"id="record-form""#) || page.text.contains(#"class="record-form"#))
                #expect(try await holding.value.contains("TOTAL 12.40"))
            }
        }
    }
}
