import TallyCore

/// Reads an ISO 20022 bank-to-customer statement, camt.053.001.02 to camt.053.001.08, into a
/// `Statement`: one account per `Stmt` (statements of the same account and currency share one)
/// and one entry per booked `Ntry`, or one per transaction of a batch booking whose details
/// state amounts that add up to the entry. See docs/import.md for what maps to what.
///
/// The XML is read by `SafeXML`, which refuses any DTD or entity declaration. Errors name the
/// element: "Stmt 1, Ntry 3 (Amt): '12.345' has more decimals than EUR has (2); …".
public enum CAMTReader {
    /// The camt.053 message versions read (camt.053.001.02 … camt.053.001.08).
    public static let versions = 2...8

    /// The statement in `bytes`, or an error naming where and what is wrong.
    public static func read(_ bytes: [UInt8]) throws(StatementError) -> Statement {
        guard bytes.count <= StatementLimits.maxBytes else {
            throw StatementError(
                "file",
                "is larger than Tally reads (\(StatementLimits.maxBytes / 1024 / 1024) MiB); "
                    + "ask the bank for a shorter period"
            )
        }
        let document = CAMTDocument()
        // Entries and statements are read as they close; what is left of the tree is not needed.
        _ = try SafeXML.parse(
            bytes,
            detach: ["Ntry", "Stmt"],
            onStart: { (name, namespace, depth) throws(StatementError) in
                try document.start(name, namespace: namespace, depth: depth)
            },
            onDetached: { (element) throws(StatementError) in try document.close(element) }
        )
        return try document.finish()
    }

    /// Checks the root element and its namespace: a camt.053 message of a version in `versions`.
    static func checkDocument(_ name: String, namespace: String?) throws(StatementError) {
        guard name == "Document" else {
            throw StatementError(
                "line 1",
                "the root element is '\(name.prefix(40))', not Document: this is not an ISO 20022 CAMT.053 statement"
            )
        }
        let prefix = "urn:iso:std:iso:20022:tech:xsd:"
        guard let namespace, namespace.hasPrefix(prefix) else {
            throw StatementError(
                "Document",
                "has no ISO 20022 namespace ('\((namespace ?? "").prefix(80))'); a CAMT.053 statement names "
                    + "urn:iso:std:iso:20022:tech:xsd:camt.053.001.02 to .08"
            )
        }
        let message = namespace.dropFirst(prefix.count)
        let parts = message.split(separator: ".")
        if parts.count == 4, parts[0] == "camt", parts[1] == "053", parts[2] == "001", let version = Int(parts[3]) {
            guard versions.contains(version) else {
                throw StatementError(
                    "Document",
                    "is camt.053 version .\(parts[3].prefix(4)); Tally reads versions .02 to .08"
                )
            }
            return
        }
        if parts.count == 4, parts[0] == "camt", parts[1] == "052" || parts[1] == "054" {
            let kind = parts[1] == "052" ? "an intraday account report" : "a debit/credit notification"
            throw StatementError(
                "Document",
                "is camt.\(parts[1]) (\(kind)), not a camt.053 statement; export the end-of-day statement "
                    + "(camt.053) from the bank instead"
            )
        }
        throw StatementError(
            "Document",
            "is '\(message.prefix(40))', not a camt.053 bank-to-customer statement"
        )
    }
}
