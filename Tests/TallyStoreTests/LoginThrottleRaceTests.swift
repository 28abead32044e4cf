import Foundation
import TallyCore
import Testing

@testable import TallyStore

/// Sign-in failures that arrive at the same moment are counted one after the other: exactly the
/// limit's number get through, on PostgreSQL (READ COMMITTED) as on SQLite.
@Suite("Sign-in throttle under concurrent attempts")
struct LoginThrottleRaceTests {
    @Test("12 simultaneous claims on one account: 5 pass, 7 are throttled", arguments: Backend.available)
    func concurrentClaims(_ backend: Backend) async throws {
        try await withStore(backend) { store in
            let limits = LoginLimits(perAccount: 5, perClient: 50, window: 15 * 60)
            let outcomes = await withTaskGroup(of: Bool.self) { group in
                for i in 0..<12 {
                    group.addTask {
                        do {
                            try await store.users.claimLoginAttempt(
                                email: "victim@example.com",
                                client: "203.0.113.\(i)",
                                limits: limits
                            )
                            return true
                        } catch {
                            return false
                        }
                    }
                }
                return await group.reduce(into: [Bool]()) { $0.append($1) }
            }
            #expect(outcomes.filter { $0 }.count == 5)
            #expect(outcomes.filter { !$0 }.count == 7)
        }
    }

    @Test("12 simultaneous sign-ups from one address with a limit of 10: 10 pass", arguments: Backend.available)
    func concurrentSignUps(_ backend: Backend) async throws {
        try await withStore(backend) { store in
            let limits = LoginLimits(perAccount: 5, perClient: 50, window: 15 * 60, signupsPerClient: 10)
            let passed = await withTaskGroup(of: Bool.self) { group in
                for _ in 0..<12 {
                    group.addTask {
                        (try? await store.users.claimSignUp(client: "198.51.100.7", limits: limits)) != nil
                    }
                }
                return await group.reduce(0) { $0 + ($1 ? 1 : 0) }
            }
            #expect(passed == 10)
        }
    }
}
