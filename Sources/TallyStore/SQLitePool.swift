import Logging
import NIOCore
import NIOPosix
import SQLiteNIO

/// A fixed set of SQLite connections handed out one caller at a time.
///
/// Written by hand because SQLiteKit's pool is AsyncKit's `EventLoopGroupConnectionPool`, which is
/// not `Sendable` under Swift 6; this needs only a queue of idle connections and of waiters.
final class SQLitePool: Sendable {
    private let state: PoolState
    /// This pool's own thread, when it has one (`ownThread`); else SQLiteNIO's shared pool.
    private let threads: NIOThreadPool?

    /// With `ownThread`, every statement of these connections runs on a thread of their own,
    /// so one that blocks long (a checkpoint's fsync) leaves the shared threads to the requests.
    init(
        storage: SQLiteConnection.Storage,
        size: Int,
        writer: Bool,
        ownThread: Bool = false,
        logger: Logger
    ) async throws {
        let threads = ownThread ? NIOThreadPool(numberOfThreads: 1) : nil
        threads?.start()
        self.threads = threads
        var connections: [SQLiteConnection] = []
        // WAL lets readers work beside the writer; a busy timeout rides out short write locks.
        var pragmas = [
            "PRAGMA journal_mode = WAL", "PRAGMA foreign_keys = ON", "PRAGMA busy_timeout = 5000",
            "PRAGMA synchronous = NORMAL",
        ]
        // Every many-row INSERT keeps a statement journal; on disk, an import spent a tenth of
        // its time writing it. SQLite fixes where it goes when a transaction begins, hence here.
        if writer { pragmas.append("PRAGMA temp_store = MEMORY") }
        for _ in 0..<size {
            let connection = try await SQLiteConnection.open(
                storage: storage,
                threadPool: threads ?? .singleton,
                logger: logger,
                on: MultiThreadedEventLoopGroup.singleton.any()
            )
            do {
                for pragma in pragmas { _ = try await connection.query(pragma) }
            } catch {
                for opened in connections + [connection] { try? await opened.close().get() }
                throw error
            }
            connections.append(connection)
        }
        state = PoolState(connections)
    }

    func withConnection<T: Sendable>(_ body: (SQLiteConnection) async throws -> T) async throws -> T {
        let connection = await state.acquire()
        do {
            let result = try await body(connection)
            await state.release(connection)
            return result
        } catch {
            await state.release(connection)
            throw error
        }
    }

    func close() async {
        // The future form, not `close() async`: that one is skipped in a cancelled task (it runs
        // through the thread pool's cancellable `runIfActive`), and a service group cancels its
        // services as it stops, so connections were left open and asserted in their deinit,
        // ending the whole test process when a test gave up early.
        for connection in await state.drain() { try? await connection.close().get() }
        try? await threads?.shutdownGracefully()
    }
}

private actor PoolState {
    private var idle: [SQLiteConnection]
    private var all: [SQLiteConnection]
    private var waiters: [CheckedContinuation<SQLiteConnection, Never>] = []

    init(_ connections: [SQLiteConnection]) {
        idle = connections
        all = connections
    }

    func acquire() async -> SQLiteConnection {
        if let connection = idle.popLast() { return connection }
        return await withCheckedContinuation { waiters.append($0) }
    }

    func release(_ connection: SQLiteConnection) {
        if waiters.isEmpty { idle.append(connection) } else { waiters.removeFirst().resume(returning: connection) }
    }

    func drain() -> [SQLiteConnection] {
        defer {
            idle = []
            all = []
        }
        return all
    }
}
