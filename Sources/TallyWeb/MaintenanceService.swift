import Logging
import ServiceLifecycle
import TallyStore

/// Housekeeping that runs beside the server: at start and then every `interval` it deletes
/// expired sessions and login failures older than the throttle window, so neither table grows
/// without end. A failed round is logged and retried next time; it never stops the server.
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

    /// One round; returns how many sessions and failures were deleted.
    @discardableResult
    func sweep() async -> (sessions: Int, failures: Int) {
        do {
            let sessions = try await store.users.purgeExpiredSessions()
            let failures = try await store.users.pruneLoginFailures(limits: limits)
            if sessions + failures > 0 {
                logger.info("swept \(sessions) expired sessions and \(failures) old login failures")
            }
            return (sessions, failures)
        } catch is CancellationError {
            return (0, 0)  // shutting down
        } catch {
            if Task.isCancelled { return (0, 0) }
            logger.error("housekeeping failed: \(String(describing: error))")
            return (0, 0)
        }
    }
}
