import CTallyZlib
import Foundation

/// Writes a backup zip by hand: the files as rows name them (stored: images are compressed
/// already), then `backup.json`, deflated on a thread of its own while the rows are still being
/// read (`DeflateStream`) and copied in at the end.
///
/// ZIPFoundation deflates an entry only once its whole size is known, on the calling thread, at
/// its default level, with a checksum in Swift: at a million records that was two fifths of the
/// backup. Zip64 fields are written where a size or an offset needs them.
final class BackupZipWriter {
    private let handle: FileHandle
    private var offset: UInt64 = 0
    private var entries: [Entry] = []
    private let time: UInt16
    private let date: UInt16
    /// Sizes and offsets from this one on go in Zip64 fields (lowered by a test to see them).
    private let limit: UInt64

    private struct Entry {
        let name: [UInt8]
        let method: UInt16
        let crc: UInt32
        let compressed: UInt64
        let size: UInt64
        let offset: UInt64
    }

    init(url: URL, date: Date, zip64From limit: UInt64 = 0xFFFF_FFFF) throws {
        self.limit = limit
        _ = FileManager.default.createFile(atPath: url.path, contents: nil, attributes: [.posixPermissions: 0o600])
        handle = try FileHandle(forWritingTo: url)
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        time = UInt16((parts.hour ?? 0) << 11 | (parts.minute ?? 0) << 5 | (parts.second ?? 0) / 2)
        self.date = UInt16(max(0, (parts.year ?? 1980) - 1980) << 9 | (parts.month ?? 1) << 5 | (parts.day ?? 1))
    }

    /// Adds a file as it is (no compression).
    func addStored(_ path: String, _ data: Data) throws {
        let crc = data.withUnsafeBytes { raw in
            BackupZipWriter.crc(0, raw.bindMemory(to: UInt8.self))
        }
        let name = Array(path.utf8)
        try header(name: name, method: 0, crc: crc, compressed: UInt64(data.count), size: UInt64(data.count))
        try write(Array(data))
    }

    /// Adds what `stream` deflated, copied in from its scratch file.
    func addDeflated(_ path: String, _ stream: DeflateStream.Result) throws {
        let name = Array(path.utf8)
        try header(name: name, method: 8, crc: stream.crc, compressed: stream.compressed, size: stream.size)
        let input = try FileHandle(forReadingFrom: stream.file)
        defer { try? input.close() }
        while let chunk = try input.read(upToCount: 1 << 20), !chunk.isEmpty {
            try handle.write(contentsOf: chunk)
            offset += UInt64(chunk.count)
        }
    }

    /// Writes the central directory and closes the zip.
    func close() throws {
        let start = offset
        var directory: [UInt8] = []
        for entry in entries {
            var extra: [UInt8] = []
            if entry.size >= limit { extra.le(entry.size) }
            if entry.compressed >= limit { extra.le(entry.compressed) }
            if entry.offset >= limit { extra.le(entry.offset) }
            if !extra.isEmpty { extra = [1, 0] + UInt16(extra.count).bytes + extra }
            directory.le(UInt32(0x0201_4b50))
            directory.le(UInt16(3 << 8 | 45))  // made by: Unix, zip 4.5
            directory.le(UInt16(extra.isEmpty ? 20 : 45))
            directory.le(UInt16(0x0800))  // the name is UTF-8
            directory.le(entry.method)
            directory.le(time)
            directory.le(date)
            directory.le(entry.crc)
            directory.le(field(entry.compressed))
            directory.le(field(entry.size))
            directory.le(UInt16(entry.name.count))
            directory.le(UInt16(extra.count))
            directory.le(UInt16(0))  // comment
            directory.le(UInt16(0))  // disk
            directory.le(UInt16(0))  // internal attributes
            directory.le(UInt32(0o100644) << 16)  // a regular file, rw-r--r--
            directory.le(field(entry.offset))
            directory += entry.name
            directory += extra
        }
        try write(directory)
        let size = UInt64(directory.count)
        var end: [UInt8] = []
        let zip64 = entries.count >= 0xFFFF || start >= limit || size >= limit
        if zip64 {
            let record = offset
            end.le(UInt32(0x0606_4b50))
            end.le(UInt64(44))
            end.le(UInt16(3 << 8 | 45))
            end.le(UInt16(45))
            end.le(UInt32(0))
            end.le(UInt32(0))
            end.le(UInt64(entries.count))
            end.le(UInt64(entries.count))
            end.le(size)
            end.le(start)
            end.le(UInt32(0x0706_4b50))
            end.le(UInt32(0))
            end.le(record)
            end.le(UInt32(1))
        }
        end.le(UInt32(0x0605_4b50))
        end.le(UInt16(0))
        end.le(UInt16(0))
        end.le(UInt16(clamping: min(entries.count, 0xFFFF)))
        end.le(UInt16(clamping: min(entries.count, 0xFFFF)))
        end.le(zip64 ? UInt32.max : UInt32(size))
        end.le(zip64 ? UInt32.max : UInt32(start))
        end.le(UInt16(0))
        try write(end)
        try handle.close()
    }

    private func header(name: [UInt8], method: UInt16, crc: UInt32, compressed: UInt64, size: UInt64) throws {
        entries.append(
            Entry(name: name, method: method, crc: crc, compressed: compressed, size: size, offset: offset)
        )
        let large = compressed >= limit || size >= limit
        var out: [UInt8] = []
        out.le(UInt32(0x0403_4b50))
        out.le(UInt16(large ? 45 : 20))
        out.le(UInt16(0x0800))
        out.le(method)
        out.le(time)
        out.le(date)
        out.le(crc)
        out.le(large ? UInt32(0xFFFF_FFFF) : UInt32(compressed))
        out.le(large ? UInt32(0xFFFF_FFFF) : UInt32(size))
        out.le(UInt16(name.count))
        out.le(UInt16(large ? 20 : 0))
        out += name
        if large {
            out.le(UInt16(1))
            out.le(UInt16(16))
            out.le(size)
            out.le(compressed)
        }
        try write(out)
    }

    /// A 32-bit size or offset, or all ones when a Zip64 field holds it.
    private func field(_ value: UInt64) -> UInt32 { value >= limit ? UInt32.max : UInt32(value) }

    private func write(_ bytes: [UInt8]) throws {
        try handle.write(contentsOf: bytes)
        offset += UInt64(bytes.count)
    }

    /// The CRC-32 of `bytes` continuing from `crc` (zlib's, which is fast).
    static func crc(_ crc: UInt32, _ bytes: UnsafeBufferPointer<UInt8>) -> UInt32 {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return crc }
        var crc = uLong(crc)
        var start = 0
        while start < bytes.count {
            let count = min(bytes.count - start, Int(UInt32.max >> 1))
            crc = crc32(crc, base + start, uInt(count))
            start += count
        }
        return UInt32(crc)
    }
}

/// Deflates what it is given on a queue of its own into a scratch file, a few chunks behind the
/// writer at most (it waits when four are queued), with their CRC-32 and sizes for the zip.
final class DeflateStream: @unchecked Sendable {
    // The z_stream, the output and the counts are touched only on `queue`, one chunk at a time.
    private let queue = DispatchQueue(label: "tally.backup.deflate")
    private let room = DispatchSemaphore(value: 4)
    private let stream: UnsafeMutablePointer<z_stream>
    private let output: FileHandle
    private let file: URL
    private var buffer = [UInt8](repeating: 0, count: 1 << 18)
    private var crc: UInt32 = 0
    private var size: UInt64 = 0
    private var compressed: UInt64 = 0
    private var failure: (any Error)?

    /// What the stream wrote: the scratch file of deflated bytes, and the zip's numbers for it.
    struct Result {
        let file: URL
        let crc: UInt32
        let size: UInt64
        let compressed: UInt64
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Deflates into a new file at `file`, at zlib's fastest level: a fifth of the default's
    /// time for a quarter more bytes, on the backup's JSON.
    init(to file: URL, level: Int32 = Z_BEST_SPEED) throws {
        _ = FileManager.default.createFile(atPath: file.path, contents: nil, attributes: [.posixPermissions: 0o600])
        output = try FileHandle(forWritingTo: file)
        self.file = file
        stream = .allocate(capacity: 1)
        stream.initialize(to: z_stream())
        let result = deflateInit2_(
            stream,
            level,
            Z_DEFLATED,
            -MAX_WBITS,
            8,
            Z_DEFAULT_STRATEGY,
            ZLIB_VERSION,
            Int32(MemoryLayout<z_stream>.size)
        )
        guard result == Z_OK else {
            stream.deallocate()
            throw Failure(description: "zlib would not start (\(result))")
        }
    }

    deinit {
        deflateEnd(stream)
        stream.deallocate()
        try? output.close()
    }

    /// Queues `bytes` to be deflated; waits while four chunks are queued.
    func write(_ bytes: [UInt8]) {
        guard !bytes.isEmpty else { return }
        room.wait()
        queue.async {
            self.deflate(bytes, finish: false)
            self.room.signal()
        }
    }

    /// Deflates what is left and returns the result, or the first error.
    func finish() throws -> Result {
        try queue.sync {
            deflate([], finish: true)
            try output.close()
            if let failure { throw failure }
            return Result(file: file, crc: crc, size: size, compressed: compressed)
        }
    }

    private func deflate(_ bytes: [UInt8], finish: Bool) {
        guard failure == nil else { return }
        do {
            try bytes.withUnsafeBufferPointer { input in
                crc = BackupZipWriter.crc(crc, input)
                size += UInt64(input.count)
                stream.pointee.next_in = UnsafeMutablePointer(mutating: input.baseAddress)
                stream.pointee.avail_in = uInt(input.count)
                var result: Int32 = Z_OK
                repeat {
                    let produced = buffer.withUnsafeMutableBufferPointer { out in
                        stream.pointee.next_out = out.baseAddress
                        stream.pointee.avail_out = uInt(out.count)
                        result = CTallyZlib.deflate(stream, finish ? Z_FINISH : Z_NO_FLUSH)
                        return out.count - Int(stream.pointee.avail_out)
                    }
                    guard result == Z_OK || result == Z_STREAM_END || result == Z_BUF_ERROR else {
                        throw Failure(description: "zlib failed (\(result))")
                    }
                    if produced > 0 {
                        try output.write(contentsOf: buffer[0..<produced])
                        compressed += UInt64(produced)
                    }
                } while stream.pointee.avail_out == 0 || (finish && result != Z_STREAM_END)
                stream.pointee.next_in = nil
            }
        } catch {
            failure = error
        }
    }
}

extension [UInt8] {
    /// Appends `value` little-endian, as zip numbers are.
    fileprivate mutating func le(_ value: some FixedWidthInteger) {
        Swift.withUnsafeBytes(of: value.littleEndian) { append(contentsOf: $0) }
    }
}

extension UInt16 {
    fileprivate var bytes: [UInt8] { [UInt8(self & 0xFF), UInt8(self >> 8)] }
}
