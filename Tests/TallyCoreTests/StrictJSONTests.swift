import TallyCore
import Testing

@Suite("Strict JSON")
struct StrictJSONTests {
    static func problem(_ text: String) -> StrictJSON.Problem? {
        do {
            try StrictJSON.check(Array(text.utf8))
            return nil
        } catch {
            return error
        }
    }

    @Test(
        "RFC 8259 JSON passes",
        arguments: [
            #"{}"#, #"[]"#, #" {"a": 1, "b": [true, false, null], "c": {"d": "e"}} "#, #""text""#, "0", "-0.5e+10",
            #"{"amount": "4.50", "payee": "Caf\u00e9 \ud83d\ude00", "note": "a\nb\t\"q\" \\ \/"}"#,
            #"{"a": {"x": 1}, "b": {"x": 2}}"#, "\r\n\t[1]\n",
        ]
    )
    func valid(_ text: String) {
        #expect(Self.problem(text) == nil)
    }

    @Test(
        "what lenient decoders take is refused, with the place",
        arguments: [
            (#"{"a": 1,}"#, "a trailing comma", 8),
            (#"[1, 2,]"#, "a trailing comma", 6),
            (#"{"amount": "1", "amount": "1000"}"#, #"the key "amount" a second time"#, 16),
            (#"{"a": "x", "\u0061": "y"}"#, #"the key "a" a second time"#, 11),
            (#"{"a": 1} {"b": 2}"#, "more after the JSON value", 9),
            (#"{'a': 1}"#, "a key (a string) is missing", 1),
            (#"{a: 1}"#, "a key (a string) is missing", 1),
            (#"[01]"#, "a number with a leading zero", 2),
            (#"[1.]"#, "a number without digits after '.'", 3),
            (#"[NaN]"#, "an unexpected character", 1),
            (#"[tru]"#, "an unexpected character", 1),
            ("[\"a\tb\"]", "a control character inside a string", 3),
            (#"["\x"]"#, "an unknown escape", 3),
            (#"["\ud800"]"#, #"a lone surrogate in a \u escape"#, 8),
            (#"{"a" 1}"#, "a ':' is missing", 5),
            (#"{"a": 1"#, "a ',' or '}' is missing", 7),
            ("", "a value is missing", 0),
            ("\u{FEFF}{}", "an unexpected character", 0),
        ]
    )
    func refused(_ text: String, _ reason: String, _ offset: Int) {
        #expect(Self.problem(text) == StrictJSON.Problem(offset: offset, reason: reason))
    }

    @Test("nesting is bounded, so a body of brackets cannot exhaust the stack")
    func depth() {
        #expect(Self.problem(String(repeating: "[", count: 64) + String(repeating: "]", count: 64)) == nil)
        #expect(Self.problem(String(repeating: "[", count: 100_000))?.reason == "nested deeper than 64 levels")
        #expect(Self.problem(String(repeating: #"{"a":"#, count: 65) + "1" + String(repeating: "}", count: 65)) != nil)
    }
}
