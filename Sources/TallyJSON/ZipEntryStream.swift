import Foundation
import TallyStore
import ZIPFoundation

/// One zip entry inflated on a thread of its own into a hand-off of at most two chunks, which a
/// reader pulls a megabyte at a time. ZIPFoundation pushes an entry's bytes into a closure, while
/// restore reads `backup.json` a line at a time between awaits; inflating it to a scratch file
/// instead let a 6 MB zip write 3.3 GB to disk. Memory holds two chunks, disk nothing.
final class ZipEntryStream: @unchecked Sendable {
    // The state is only touched under `condition`.
    private let condition = NSCondition()
    private var chunks: [Data] = []
    private var ended = false
    private var failure: (any Error)?
    private var stopped = false
    private static let depth = 2

    /// Starts inflating `path` of the zip at `url`, metered by `meter`.
    init(archive url: URL, path: String, meter: InflateMeter) {
        let thread = Thread { [self] in produce(url: url, path: path, meter: meter) }
        thread.name = "tally-restore-inflate"
        thread.start()
    }

    /// The next chunk, nil at the end; throws what stopped the inflating (a limit crossed, a bad
    /// CRC, a damaged stream). Blocks until the inflating thread hands a chunk over.
    func next() throws -> Data? {
        condition.lock()
        defer { condition.unlock() }
        while chunks.isEmpty && !ended { condition.wait() }
        if !chunks.isEmpty {
            condition.broadcast()
            return chunks.removeFirst()
        }
        if let failure { throw failure }
        return nil
    }

    /// Stops the inflating thread (the reader is done, or failed): it ends at its next chunk.
    func stop() {
        condition.lock()
        stopped = true
        chunks = []
        condition.broadcast()
        condition.unlock()
    }

    private func produce(url: URL, path: String, meter: InflateMeter) {
        do {
            // An archive of its own: ZIPFoundation's reads through one FILE* and is not shared.
            let archive = try Archive(url: url, accessMode: .read)
            guard let entry = archive[path], entry.type == .file else {
                throw zipRefused("the zip does not hold \(path)")
            }
            let checksum = try archive.extract(entry, bufferSize: 1 << 20, skipCRC32: false) { chunk in
                try meter.add(chunk.count)
                condition.lock()
                defer { condition.unlock() }
                while chunks.count >= Self.depth && !stopped { condition.wait() }
                if stopped { throw CancellationError() }
                chunks.append(chunk)
                condition.broadcast()
            }
            guard checksum == entry.checksum else { throw zipRefused("\(path) is damaged (its CRC-32 does not match)") }
            finish(nil)
        } catch is CancellationError {
            finish(nil)
        } catch let error as KnownError {
            finish(error)
        } catch {
            finish(zipRefused("\(path) could not be inflated (\(error))"))
        }
    }

    private func finish(_ error: (any Error)?) {
        condition.lock()
        ended = true
        failure = error
        condition.broadcast()
        condition.unlock()
    }
}
