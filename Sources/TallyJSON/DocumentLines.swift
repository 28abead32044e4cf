import Foundation
import TallyStore

/// The lines of `backup.json` as it inflates (`ZipEntryStream`), each at most `maxLine` bytes.
/// Each byte is looked at once: the search for a line's end goes on from where the last chunk
/// stopped, and a line longer than the limit is refused as soon as it is, so a document on one
/// long line costs linear time and `maxLine` of memory (it took 25.6 s and 666 MB at 256 MB when
/// every chunk searched the line again from its start).
struct DocumentLines {
    private let stream: ZipEntryStream
    private let maxLine: Int
    private var buffer: [UInt8] = []
    private var start = 0
    private var searched = 0
    private var done = false
    /// The number of the line `next` returned last, from 1.
    private(set) var number = 0

    init(_ stream: ZipEntryStream, maxLine: Int) {
        self.stream = stream
        self.maxLine = maxLine
    }

    /// The next line as text, without its newline; nil at the end.
    mutating func next() throws -> String? { try nextBytes().map { String(decoding: $0, as: UTF8.self) } }

    /// The next line's bytes, without its newline; nil at the end.
    mutating func nextBytes() throws -> ArraySlice<UInt8>? {
        while true {
            if let end = buffer[searched...].firstIndex(of: UInt8(ascii: "\n")) {
                let line = buffer[start..<end]
                start = end + 1
                searched = start
                number += 1
                return line
            }
            searched = buffer.count
            guard buffer.count - start <= maxLine else {
                throw zipRefused(
                    "backup.json line \(number + 1) is longer than \(maxLine >> 20) MB (a backup holds one row a line)"
                )
            }
            if done {
                guard start < buffer.count else { return nil }
                let line = buffer[start...]
                start = buffer.count
                searched = start
                number += 1
                return line
            }
            buffer.removeFirst(start)
            searched -= start
            start = 0
            if let chunk = try stream.next() {
                buffer.append(contentsOf: chunk)
            } else {
                done = true
            }
        }
    }
}
