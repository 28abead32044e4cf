/// How many bytes a zlib stream (RFC 1950/1951) inflates to, counted without keeping them: a
/// compressed metadata chunk (a PNG's zTXt, iCCP or compressed iTXt) is judged by what a decoder
/// would allocate for it, not by its few stored bytes. Only the Huffman codes are decoded; a
/// back-reference adds its length and nothing is copied, so the count costs no memory and stops
/// as soon as it passes the limit.
enum InflatedSize {
    /// The bytes the zlib stream `data` inflates to, or a number over `limit` once it passes it.
    /// A stream that is cut short or corrupt counts what came before the fault, which is what a
    /// decoder that gives up there has produced.
    static func zlib(_ data: ArraySlice<UInt8>, limit: Int) -> Int {
        guard data.count > 2 else { return 0 }
        var inflater = Inflater(data.dropFirst(2), limit: limit)
        inflater.run()
        return inflater.total
    }
}

/// A canonical Huffman code as RFC 1951 builds it from code lengths: how many codes of each
/// length, and the symbols in code order.
private struct Huffman {
    var counts = [Int](repeating: 0, count: 16)
    var symbols: [Int]

    /// nil when the lengths over-subscribe the code (no decoder can read it).
    init?(lengths: ArraySlice<Int>) {
        symbols = [Int](repeating: 0, count: lengths.count)
        for length in lengths { counts[length] += 1 }
        var left = 1
        for length in 1...15 {
            left = left << 1 - counts[length]
            if left < 0 { return nil }
        }
        var offsets = [Int](repeating: 0, count: 16)
        for length in 1..<15 { offsets[length + 1] = offsets[length] + counts[length] }
        for (symbol, length) in lengths.enumerated() where length != 0 {
            symbols[offsets[length]] = symbol
            offsets[length] += 1
        }
    }

    static let fixedLiterals = Huffman(
        lengths: ArraySlice(
            Array(repeating: 8, count: 144) + Array(repeating: 9, count: 112) + Array(repeating: 7, count: 24)
                + Array(repeating: 8, count: 8)
        )
    )!
    static let fixedDistances = Huffman(lengths: ArraySlice(Array(repeating: 5, count: 30)))!
}

/// The decoder's state: the bits not yet read and the bytes counted so far.
private struct Inflater {
    let bytes: ArraySlice<UInt8>
    let limit: Int
    var index: Int
    var buffer = 0
    var held = 0
    var total = 0

    init(_ bytes: ArraySlice<UInt8>, limit: Int) {
        self.bytes = bytes
        self.limit = limit
        index = bytes.startIndex
    }

    static let lengthBase = [
        3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227,
        258,
    ]
    static let lengthExtra = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0]
    static let distanceExtra = [
        0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13,
    ]
    static let order = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]

    /// `count` bits, least significant first; nil at the end of the data.
    mutating func bits(_ count: Int) -> Int? {
        while held < count {
            guard index < bytes.endIndex else { return nil }
            buffer |= Int(bytes[index]) << held
            index += 1
            held += 8
        }
        let value = buffer & (1 << count - 1)
        buffer >>= count
        held -= count
        return value
    }

    /// Blocks until the last one, the end of the data, a fault or the limit.
    mutating func run() {
        while total <= limit, let last = bits(1), let type = bits(2) {
            let done: Bool
            switch type {
            case 0: done = stored()
            case 1: done = codes(Huffman.fixedLiterals, Huffman.fixedDistances)
            case 2:
                guard let (literals, distances) = dynamicCodes() else { return }
                done = codes(literals, distances)
            default: return
            }
            if !done || last == 1 { return }
        }
    }

    /// A stored block: its length, and as many of its bytes as are really there.
    mutating func stored() -> Bool {
        buffer = 0
        held = 0
        guard index + 4 <= bytes.endIndex else { return false }
        let length = Int(bytes[index]) | Int(bytes[index + 1]) << 8
        index += 4
        let present = min(length, bytes.endIndex - index)
        total += present
        index += present
        return present == length
    }

    mutating func decode(_ code: Huffman) -> Int? {
        var (value, first, position) = (0, 0, 0)
        for length in 1...15 {
            guard let bit = bits(1) else { return nil }
            value |= bit
            let count = code.counts[length]
            if value - count < first { return code.symbols[position + value - first] }
            position += count
            first = (first + count) << 1
            value <<= 1
        }
        return nil
    }

    /// Literals and back-references up to the end of the block; false on a fault or the limit.
    mutating func codes(_ literals: Huffman, _ distances: Huffman) -> Bool {
        while total <= limit {
            guard let symbol = decode(literals) else { return false }
            if symbol < 256 {
                total += 1
                continue
            }
            if symbol == 256 { return true }
            let slot = symbol - 257
            guard slot < 29, let extra = bits(Self.lengthExtra[slot]), let distance = decode(distances),
                distance < 30, bits(Self.distanceExtra[distance]) != nil
            else { return false }
            total += Self.lengthBase[slot] + extra
        }
        return false
    }

    /// The two codes a dynamic block begins with; nil when they cannot be built.
    mutating func dynamicCodes() -> (Huffman, Huffman)? {
        guard let literalCount = bits(5).map({ $0 + 257 }), let distanceCount = bits(5).map({ $0 + 1 }),
            let codeCount = bits(4).map({ $0 + 4 }), literalCount <= 286, distanceCount <= 30
        else { return nil }
        var codeLengths = [Int](repeating: 0, count: 19)
        for position in 0..<codeCount {
            guard let length = bits(3) else { return nil }
            codeLengths[Self.order[position]] = length
        }
        guard let lengthCode = Huffman(lengths: codeLengths[...]) else { return nil }
        var lengths: [Int] = []
        let wanted = literalCount + distanceCount
        while lengths.count < wanted {
            guard let symbol = decode(lengthCode) else { return nil }
            if symbol < 16 {
                lengths.append(symbol)
                continue
            }
            let repeated: Int?
            var length = 0
            switch symbol {
            case 16:
                guard let previous = lengths.last else { return nil }
                length = previous
                repeated = bits(2).map { $0 + 3 }
            case 17: repeated = bits(3).map { $0 + 3 }
            default: repeated = bits(7).map { $0 + 11 }
            }
            guard let repeated, lengths.count + repeated <= wanted else { return nil }
            lengths += repeatElement(length, count: repeated)
        }
        guard lengths[256] != 0, let literals = Huffman(lengths: lengths[0..<literalCount]),
            let distances = Huffman(lengths: lengths[literalCount...])
        else { return nil }
        return (literals, distances)
    }
}
