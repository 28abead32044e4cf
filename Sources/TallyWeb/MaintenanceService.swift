import Logging
import ServiceLifecycle
import TallyStore

/// Housekeeping that runs beside the server: at start and then every `interval` it deletes
/// expired sessions, login failures older than the throttle window, idempotency keys older
/// than 30 days and staged imports past their week, so no such table grows without end. A failed round is logged and retried next time; it never stops the server.
struct MaintenanceService: Service {
    let store: Store
    let limits: LoginLimits
    var interval: Duration = .seconds(60 * 60)
    let logger: Logger

    func run() async throws {
        await cancelWhenGracefulShutdown {
            while !Task.isCancelled {
                await sweep()
                try? await Task.sleep(for: interval)
            }
        }
    }

    /// What one round deleted.
    struct Swept: Equatable {
        var sessions = 0, failures = 0, keys = 0, imports = 0, longWrites = 0
    }

    /// One round; returns how many sessions, failures and keys were deleted.
    @discardableResult
    func sweep() async -> Swept {
        do {
            let swept = Swept(
                sessions: try await store.users.purgeExpiredSessions(),
                failures: try await store.users.pruneLoginFailures(limits: limits),
                keys: try await store.records.purgeOldIdempotencyKeys(),
                imports: try await store.imports.purgeExpiredImports(),
                // A rule apply or a book deletion a dead process left halfway is finished or undone.
                longWrites: try await store.longWrites.resumeAbandoned(waitingForFresh: true)
            )
            if swept != Swept() {
                logger.info(
                    "swept \(swept.sessions) expired sessions, \(swept.failures) old login failures, \(swept.keys) old idempotency keys and \(swept.imports) expired staged imports; resumed \(swept.longWrites) long writes"
                )
            }
            return swept
        } catch is CancellationError {
            return Swept()  // shutting down
        } catch {
            if Task.isCancelled { return Swept() }
            logger.error("housekeeping failed: \(String(describing: error))")
            return Swept()
        }
    }
}
