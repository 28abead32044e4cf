import Foundation

/// Text as rules compare it: case, accents and width folded ("Ｃａｆé" → "cafe"), runs of
/// whitespace made one space and the ends trimmed, kept as UTF-8 bytes so that matching is a
/// plain byte search.
struct FoldedText: Sendable, Hashable {
    /// The folded text's UTF-8 bytes.
    let bytes: [UInt8]

    /// Folds `text`.
    init(_ text: String) {
        var utf8 = text.utf8
        // Bank files are nearly all ASCII, where folding is lower-casing: Foundation's folding
        // costs about a microsecond a string, which 100,000 records would notice.
        if !utf8.allSatisfy({ $0 < 0x80 }) {
            utf8 =
                text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil).utf8
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(utf8.count)
        var pendingSpace = false
        for byte in utf8 {
            if byte == 0x20 || (0x09...0x0D).contains(byte) {
                pendingSpace = !bytes.isEmpty
                continue
            }
            if pendingSpace {
                bytes.append(0x20)
                pendingSpace = false
            }
            bytes.append((0x41...0x5A).contains(byte) ? byte | 0x20 : byte)
        }
        self.bytes = bytes
    }

    /// Whether this text meets a condition of `mode` with the folded `needle`.
    func matches(_ needle: FoldedText, _ mode: TextMatch.Mode) -> Bool {
        let count = needle.bytes.count
        switch mode {
        case .equals: return bytes == needle.bytes
        case .startsWith: return bytes.count >= count && bytes.starts(with: needle.bytes)
        case .contains: return contains(needle.bytes)
        }
    }

    /// Plain substring search; texts are at most a few hundred bytes, where a first-byte scan
    /// beats anything cleverer.
    private func contains(_ needle: [UInt8]) -> Bool {
        let n = needle.count
        guard n > 0 else { return true }
        guard bytes.count >= n else { return false }
        return bytes.withUnsafeBufferPointer { hay in
            needle.withUnsafeBufferPointer { pin in
                let first = pin[0]
                var start = 0
                let last = hay.count - n
                while start <= last {
                    if hay[start] == first {
                        var offset = 1
                        while offset < n && hay[start + offset] == pin[offset] { offset += 1 }
                        if offset == n { return true }
                    }
                    start += 1
                }
                return false
            }
        }
    }
}
