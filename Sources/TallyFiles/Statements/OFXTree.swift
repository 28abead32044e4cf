import TallyCore

/// The elements of an OFX body as a tree, built by one tolerant tokenizer for OFX 1.x SGML and
/// OFX 2.x XML alike.
///
/// Hand-written rather than Foundation's `XMLParser`, because real files are rarely well-formed
/// XML: SGML bodies leave leaf elements unclosed (`<TRNAMT>-12.50<FITID>…`), and banks put such
/// bodies behind an XML header too. As ofxtools does, an element followed by text is a leaf that
/// ends at the next tag; an element without text is an aggregate that ends at its end tag. An
/// element left open when an enclosing end tag arrives was an empty SGML element, so what it
/// seemed to contain moves back up to its parent. No DTD is read and no entity but the five XML
/// ones and numeric references is expanded, so a file cannot make the reader fetch or grow
/// anything. Every step moves forward through the bytes: the work is linear in the file's size.
struct OFXTree {
    /// One element, in 28 bytes: a file of 20 MiB can hold millions. Children form a linked
    /// list by index, so the tree is a single flat array.
    struct Node {
        /// Tag name, as an index into `names`.
        var name: Int32
        /// The leaf's text in `text` (untrimmed), `valueStart..<valueEnd`; -1 for an aggregate
        /// or an empty element.
        var valueStart: Int32 = -1
        var valueEnd: Int32 = -1
        var firstChild: Int32 = -1
        var lastChild: Int32 = -1
        var nextSibling: Int32 = -1
        /// Whether the value is a CDATA section, whose text is taken as it is.
        var isCDATA = false

        /// The leaf's text range, nil for an aggregate or an empty element.
        var value: Range<Int>? { valueStart < 0 ? nil : Int(valueStart)..<Int(valueEnd) }
    }

    /// The file as UTF-8.
    let text: [UInt8]
    /// Node 0 is a root above `<OFX>`.
    private(set) var nodes: [Node]
    /// Upper-cased tag names by number; `OFXTag.names` first, so their numbers are known.
    private(set) var names = OFXTag.names
    private var numbers: [String: Int32]

    /// Deeper nesting than any OFX message has; a bound so that a file of nothing but start
    /// tags cannot make each end tag search a long stack.
    static let maxDepth = 64
    /// More elements than a real file within `StatementLimits.maxBytes` has (they take 15 bytes
    /// or more each: `<TRNAMT>-1.50` and a line break), so that no file makes the tree take
    /// more than about 60 MB.
    static let maxNodes = 2_000_000
    /// OFX 2.2 defines about 1,300 element names; a file uses a hundred.
    static let maxNames = 5_000

    /// Builds the tree of `header.text` from `header.bodyStart`.
    init(_ header: OFXHeader) throws(StatementError) {
        text = header.text
        guard text.count < Int32.max else { throw StatementError("file", "is too large") }
        nodes = [Node(name: 0)]
        numbers = Dictionary(uniqueKeysWithValues: OFXTag.names.enumerated().map { ($1, Int32($0)) })
        // Open elements and where their tags start, for the error of a file cut short.
        var stack = [0]
        var offsets = [0]
        var i = header.bodyStart
        let count = text.count
        while i < count {
            guard text[i] == UInt8(ascii: "<") else {
                let end = text[i...].firstIndex(of: UInt8(ascii: "<")) ?? count
                setValue(i..<end, cdata: false, top: stack.last!)
                i = end
                continue
            }
            let second = i + 1 < count ? text[i + 1] : 0
            if second != UInt8(ascii: "!") && second != UInt8(ascii: "?") {
                let close = try skip(past: ">", from: i + 1, opened: i)
                try tag(from: i, to: close, stack: &stack, offsets: &offsets)
                i = close
            } else if matches(i, "<!--") {
                i = try skip(past: "-->", from: i + 4, opened: i)
            } else if matches(i, "<![CDATA[") {
                let end = try skip(past: "]]>", from: i + 9, opened: i)
                setValue((i + 9)..<(end - 3), cdata: true, top: stack.last!)
                i = end
            } else if matches(i, "<?") {
                i = try skip(past: "?>", from: i + 2, opened: i)
            } else {
                try refuseDeclaration(at: i)
                i = try skip(past: ">", from: i + 2, opened: i)
            }
        }
        guard nodes.contains(where: { $0.name == OFXTag.ofx }) else {
            throw StatementError("file", "has no <OFX> element: it is empty or cut short")
        }
        // The root and, at most, one leaf still waiting for a tag to end it may remain open.
        if stack.count > 1, nodes[stack.last!].value != nil {
            stack.removeLast()
            offsets.removeLast()
        }
        if stack.count > 1 {
            let open = names[Int(nodes[stack.last!].name)]
            throw StatementError(
                "line \(line(of: offsets.last!))",
                "the file ends inside <\(open)>, before </\(open)>: it seems cut short"
            )
        }
    }

    /// One start, end or empty-element tag, `<` at `start` and `>` just before `end`.
    private mutating func tag(
        from start: Int,
        to end: Int,
        stack: inout [Int],
        offsets: inout [Int]
    ) throws(StatementError) {
        var nameStart = start + 1
        let isEnd = text[nameStart] == UInt8(ascii: "/")
        if isEnd { nameStart += 1 }
        var nameEnd = nameStart
        while nameEnd < end - 1, isNameByte(text[nameEnd]) { nameEnd += 1 }
        let selfClosing = !isEnd && end - 2 >= nameStart && text[end - 2] == UInt8(ascii: "/")
        guard nameEnd > nameStart, nameEnd == end - 1 || OFXHeader.isSpace(text[nameEnd]) || selfClosing else {
            let shown = String(decoding: text[start..<min(end, start + 40)], as: UTF8.self)
            throw StatementError("line \(line(of: start))", "'\(shown)' is not an OFX tag")
        }
        let bytes = text[nameStart..<nameEnd]
        let spelled =
            bytes.contains(where: { (0x61...0x7A).contains($0) })
            ? String(decoding: bytes.map { (0x61...0x7A).contains($0) ? $0 - 0x20 : $0 }, as: UTF8.self)
            : String(decoding: bytes, as: UTF8.self)
        let name = try number(of: spelled)
        // A leaf with text ends at the next tag, whichever it is.
        if nodes[stack.last!].value != nil {
            let leaf = stack.removeLast()
            offsets.removeLast()
            if isEnd && nodes[leaf].name == name { return }
        }
        if isEnd {
            // A stray end tag that closes nothing open is ignored, as an SGML parser would.
            guard let at = stack.lastIndex(where: { nodes[$0].name == name }), at > 0 else { return }
            while stack.count > at + 1 {
                let node = stack.removeLast()
                hoistChildren(of: node, into: stack.last!)
            }
            stack.removeLast()
            offsets.removeLast(offsets.count - at)
            return
        }
        guard nodes.count < Self.maxNodes else {
            throw StatementError("file", "has more than \(Self.maxNodes) OFX elements")
        }
        let index = Int32(nodes.count)
        nodes.append(Node(name: name))
        let parent = stack.last!
        if nodes[parent].lastChild >= 0 {
            nodes[Int(nodes[parent].lastChild)].nextSibling = index
        } else {
            nodes[parent].firstChild = index
        }
        nodes[parent].lastChild = index
        if !selfClosing {
            guard stack.count <= Self.maxDepth else {
                throw StatementError("line \(line(of: start))", "elements are nested more than \(Self.maxDepth) deep")
            }
            stack.append(Int(index))
            offsets.append(start)
        }
    }

    /// The number of a tag name, numbering a new one.
    private mutating func number(of name: String) throws(StatementError) -> Int32 {
        if let number = numbers[name] { return number }
        guard names.count < Self.maxNames else {
            throw StatementError("file", "has more than \(Self.maxNames) different element names")
        }
        let number = Int32(names.count)
        names.append(name)
        numbers[name] = number
        return number
    }

    /// An element closed by its parent's end tag was empty: its apparent children are its
    /// siblings. It is always its parent's last child, so the list is spliced in place.
    private mutating func hoistChildren(of node: Int, into parent: Int) {
        guard nodes[node].firstChild >= 0 else { return }
        nodes[node].nextSibling = nodes[node].firstChild
        nodes[parent].lastChild = nodes[node].lastChild
        nodes[node].firstChild = -1
        nodes[node].lastChild = -1
    }

    /// Text right after a start tag makes that element a leaf; text anywhere else (between
    /// aggregates, after an end tag) is layout and is ignored.
    private mutating func setValue(_ range: Range<Int>, cdata: Bool, top: Int) {
        guard top > 0, nodes[top].valueStart < 0, nodes[top].firstChild < 0 else { return }
        guard cdata || text[range].contains(where: { !OFXHeader.isSpace($0) }) else { return }
        nodes[top].valueStart = Int32(range.lowerBound)
        nodes[top].valueEnd = Int32(range.upperBound)
        nodes[top].isCDATA = cdata
    }
}
