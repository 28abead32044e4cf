import Foundation
import TallyCore

#if canImport(FoundationXML)
import FoundationXML
#endif

/// Reads XML from outside (a bank's CAMT file) into a small tree of elements, refusing every
/// document type declaration: an entity can read a local file (XXE) or expand to gigabytes
/// ("billion laughs"), and no bank statement needs one.
///
/// Namespaces are dropped from element names (`camt:Ntry` is `Ntry`); the root's namespace is
/// reported to `onStart` so the caller can check what kind of document it is. Elements named in
/// `detach` are handed to `onDetached` when they close and are not kept in the tree, so that a
/// file of 100,000 entries never holds them all at once.
enum SafeXML {
    /// One element: its name without a namespace prefix, its attributes, its own text (trimmed;
    /// "" for none) and its child elements in file order.
    struct Element: Sendable {
        var name: String
        var attributes: [String: String] = [:]
        var text = ""
        var children: [Element] = []
        /// The line the element starts on, for messages.
        var line = 0

        /// The first child named `name`.
        func child(_ name: String) -> Element? {
            children.first { $0.name == name }
        }

        /// Every child named `name`.
        func children(_ name: String) -> [Element] {
            children.filter { $0.name == name }
        }

        /// The first element reached through `path` ("Acct", "Id", "IBAN"), trying every
        /// child of a repeated name.
        func find(_ path: String...) -> Element? {
            find(path[...])
        }

        private func find(_ path: ArraySlice<String>) -> Element? {
            guard let first = path.first else { return self }
            for child in children where child.name == first {
                if let found = child.find(path.dropFirst()) { return found }
            }
            return nil
        }

        /// The text at `path`, or nil when the element is missing or empty.
        func text(_ path: String...) -> String? {
            guard let element = find(path[...]), !element.text.isEmpty else { return nil }
            return element.text
        }
    }

    /// Deepest nesting read. CAMT goes about 12 levels deep; the bound keeps a hostile file of
    /// nested elements from exhausting the stack when the tree is released.
    static let maxDepth = 64

    /// The message given for any DTD or entity declaration.
    static let dtdMessage = "the file declares a DTD or entities, which Tally does not read"

    /// Parses `bytes`; calls `onStart` for every element that opens (name, namespace URI, depth;
    /// the root has depth 0) and `onDetached` for every closing element named in `detach`.
    /// Returns the root with the detached elements left out.
    static func parse(
        _ bytes: [UInt8],
        detach: Set<String>,
        onStart: @escaping (String, String?, Int) throws(StatementError) -> Void,
        onDetached: @escaping (Element) throws(StatementError) -> Void
    ) throws(StatementError) -> Element {
        try refuseDeclarations(bytes)
        // From a stream, which XMLParser feeds to libxml2 in chunks: handed all at once, libxml2
        // refuses a document over 10 MB ("huge input lookup") without XML_PARSE_HUGE.
        let parser = XMLParser(stream: InputStream(data: Data(bytes)))
        parser.shouldResolveExternalEntities = false
        parser.shouldProcessNamespaces = true
        parser.shouldReportNamespacePrefixes = false
        let builder = TreeBuilder(detach: detach, onStart: onStart, onDetached: onDetached)
        parser.delegate = builder
        let finished = parser.parse()
        if let error = builder.failure { throw error }
        guard finished, let root = builder.root else {
            let code = (parser.parserError as NSError?)?.code ?? 0
            return try malformed(line: parser.lineNumber, column: parser.columnNumber, code: code)
        }
        return root
    }

    private static func malformed(line: Int, column: Int, code: Int) throws(StatementError) -> Element {
        throw malformed(line: line, column: column, code: code)
    }

    static func malformed(line: Int, column: Int, code: Int) -> StatementError {
        StatementError(
            "line \(line)",
            "the XML is not well-formed near column \(column) (XMLParser error \(code)); "
                + "the file may be cut short or not be a CAMT statement"
        )
    }

    /// Refuses a DTD before libxml2 sees it, which may expand internal entities before the
    /// delegate is told about the declaration. Only ASCII-compatible encodings are read, so
    /// that a declaration cannot hide in UTF-16 or a similar encoding from this byte scan.
    static func refuseDeclarations(_ bytes: [UInt8]) throws(StatementError) {
        var body = bytes[...]
        if body.starts(with: [0xEF, 0xBB, 0xBF]) { body = body.dropFirst(3) }
        if let first = body.first(where: { !isSpace($0) }), first != UInt8(ascii: "<") {
            throw StatementError(
                "file",
                "does not start with '<': Tally reads CAMT files as UTF-8 XML (not UTF-16 or another encoding)"
            )
        }
        if body.contains(0) {
            throw StatementError("file", "contains NUL bytes: Tally reads CAMT files as UTF-8 XML")
        }
        for marker in ["<!DOCTYPE", "<!ENTITY"] where containsIgnoringCase(body, marker) {
            throw StatementError("file", dtdMessage)
        }
        try refuseProcessingInstructions(body)
        try checkEncodingDeclaration(body)
    }

    /// Refuses every `<?` but the XML declaration at the start. FoundationXML on Linux crashes
    /// (strlen of NULL) on a processing instruction without data, such as `<?x?>`, and CAMT has
    /// no use for processing instructions.
    private static func refuseProcessingInstructions(_ body: ArraySlice<UInt8>) throws(StatementError) {
        var rest = body
        if body.starts(with: Array("<?xml".utf8)), body.count > 5, isSpace(body[body.startIndex + 5]) {
            rest = body.dropFirst(5)
        }
        var previous: UInt8 = 0
        for byte in rest {
            if previous == UInt8(ascii: "<") && byte == UInt8(ascii: "?") {
                throw StatementError(
                    "file",
                    "contains a processing instruction ('<?') after the XML declaration; CAMT statements have none"
                )
            }
            previous = byte
        }
    }

    /// Refuses an XML declaration naming an encoding outside the ASCII-compatible ones.
    private static func checkEncodingDeclaration(_ body: ArraySlice<UInt8>) throws(StatementError) {
        guard body.starts(with: Array("<?xml".utf8)) else { return }
        let end = body.firstIndex(of: UInt8(ascii: ">")) ?? body.endIndex
        let declaration = String(decoding: body[..<end], as: UTF8.self).lowercased()
        guard let range = declaration.range(of: "encoding") else { return }
        let rest = declaration[range.upperBound...].drop { $0 == " " || $0 == "=" || $0 == "\"" || $0 == "'" }
        let name = String(rest.prefix { $0 != "\"" && $0 != "'" && $0 != " " && $0 != "?" })
        let accepted = ["utf-8", "utf8", "us-ascii", "ascii", "windows-1252", "cp1252"]
        guard accepted.contains(name) || name.hasPrefix("iso-8859-") else {
            throw StatementError(
                "line 1",
                "the XML declares encoding '\(name.prefix(40))'; Tally reads CAMT files in UTF-8 or ISO-8859"
            )
        }
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    private static func containsIgnoringCase(_ haystack: ArraySlice<UInt8>, _ needle: String) -> Bool {
        let pattern = Array(needle.utf8)
        guard let first = pattern.first, haystack.count >= pattern.count else { return false }
        var index = haystack.startIndex
        let last = haystack.endIndex - pattern.count
        while index <= last {
            // The first byte is '<', which has no case: compare it exactly, then the rest folded.
            if haystack[index] == first {
                var matched = true
                for offset in 1..<pattern.count where haystack[index + offset] & 0xDF != pattern[offset] & 0xDF {
                    matched = false
                    break
                }
                if matched { return true }
            }
            index += 1
        }
        return false
    }
}

/// The XMLParser delegate that builds `SafeXML.Element`s and stops at any declaration.
private final class TreeBuilder: NSObject, XMLParserDelegate {
    let detach: Set<String>
    let onStart: (String, String?, Int) throws(StatementError) -> Void
    let onDetached: (SafeXML.Element) throws(StatementError) -> Void
    var stack: [SafeXML.Element] = []
    var root: SafeXML.Element?
    var failure: StatementError?

    init(
        detach: Set<String>,
        onStart: @escaping (String, String?, Int) throws(StatementError) -> Void,
        onDetached: @escaping (SafeXML.Element) throws(StatementError) -> Void
    ) {
        self.detach = detach
        self.onStart = onStart
        self.onDetached = onDetached
    }

    private func fail(_ parser: XMLParser, _ error: StatementError) {
        if failure == nil { failure = error }
        parser.abortParsing()
    }

    private func refuse(_ parser: XMLParser) {
        fail(parser, StatementError("line \(parser.lineNumber)", SafeXML.dtdMessage))
    }

    func parser(
        _ parser: XMLParser,
        didStartElement elementName: String,
        namespaceURI: String?,
        qualifiedName qName: String?,
        attributes attributeDict: [String: String] = [:]
    ) {
        guard failure == nil else { return }
        guard stack.count < SafeXML.maxDepth else {
            return fail(parser, StatementError("line \(parser.lineNumber)", "elements nest deeper than CAMT does"))
        }
        // Without namespace processing (or a prefixed name it did not resolve) keep the local part.
        let name = elementName.split(separator: ":").last.map(String.init) ?? elementName
        do throws(StatementError) {
            try onStart(name, namespaceURI, stack.count)
        } catch {
            return fail(parser, error)
        }
        stack.append(SafeXML.Element(name: name, attributes: attributeDict, line: parser.lineNumber))
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        guard failure == nil, !stack.isEmpty else { return }
        // The indentation between elements is most of what arrives here: skip it cheaply.
        if stack[stack.count - 1].text.isEmpty && string.utf8.allSatisfy({ $0 <= 0x20 }) { return }
        stack[stack.count - 1].text += string
    }

    func parser(_ parser: XMLParser, foundCDATA CDATABlock: Data) {
        guard failure == nil, !stack.isEmpty else { return }
        stack[stack.count - 1].text += String(decoding: CDATABlock, as: UTF8.self)
    }

    func parser(
        _ parser: XMLParser,
        didEndElement elementName: String,
        namespaceURI: String?,
        qualifiedName qName: String?
    ) {
        guard failure == nil, var element = stack.popLast() else { return }
        if !element.text.isEmpty { element.text = element.text.trimmingCharacters(in: .whitespacesAndNewlines) }
        if detach.contains(element.name) && !stack.isEmpty {
            do throws(StatementError) {
                try onDetached(element)
            } catch {
                fail(parser, error)
            }
        } else if stack.isEmpty {
            root = element
        } else {
            stack[stack.count - 1].children.append(element)
        }
    }

    // libxml2 reports a structural error before it recovers and closes the open elements: keep
    // the error, so that it is not hidden by what the caller finds missing in them.
    func parser(_ parser: XMLParser, parseErrorOccurred parseError: any Error) {
        let code = (parseError as NSError).code
        fail(parser, SafeXML.malformed(line: parser.lineNumber, column: parser.columnNumber, code: code))
    }

    func parser(
        _ parser: XMLParser,
        foundElementDeclarationWithName elementName: String,
        model: String
    ) { refuse(parser) }

    func parser(
        _ parser: XMLParser,
        foundInternalEntityDeclarationWithName name: String,
        value: String?
    ) { refuse(parser) }

    func parser(
        _ parser: XMLParser,
        foundExternalEntityDeclarationWithName name: String,
        publicID: String?,
        systemID: String?
    ) { refuse(parser) }

    func parser(
        _ parser: XMLParser,
        foundUnparsedEntityDeclarationWithName name: String,
        publicID: String?,
        systemID: String?,
        notationName: String?
    ) { refuse(parser) }

    func parser(
        _ parser: XMLParser,
        foundNotationDeclarationWithName name: String,
        publicID: String?,
        systemID: String?
    ) { refuse(parser) }

    func parser(
        _ parser: XMLParser,
        foundAttributeDeclarationWithName attributeName: String,
        forElement elementName: String,
        type: String?,
        defaultValue: String?
    ) { refuse(parser) }

    func parser(_ parser: XMLParser, resolveExternalEntityName name: String, systemID: String?) -> Data? {
        refuse(parser)
        return nil
    }
}
