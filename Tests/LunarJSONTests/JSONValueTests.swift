import Foundation
import LunarJSON
import Testing

@Suite struct JSONValueTests {
    @Test func parsesEveryKindOfValue() throws {
        let text = #" {"s":"a\"b\\c\/\n\u00e9\ud83d\ude00","n":[0,-1,2.5,1e3,-0.25E-2,12345678901234567890],"b":[true,false],"z":null,"o":{}} "#
        let value = try JSONValue(parsing: text)
        #expect(value == [
            "s": "a\"b\\c/\né😀",
            "n": [0, -1, 2.5, 1000, -0.0025, .number(1.2345678901234567e19)],
            "b": [true, false], "z": nil, "o": [:],
        ])
        #expect(try JSONValue(parsing: Data("42".utf8)) == 42)
        #expect(try JSONValue(parsing: Array(#""top""#.utf8)) == "top")
    }

    @Test(arguments: [
        ("", "unexpected end of input", 0),
        ("{\"a\":1,}", "expected a string key", 7),
        ("[1 2]", "expected ',' or ']'", 3),
        ("01", "unexpected data after the document", 1),
        ("\"\\x\"", "invalid escape", 2),
        ("\"\\ud800\"", "unpaired surrogate", 7),
        ("\"tab\there\"", "control character in string", 4),
        ("tru", "unexpected end of input", 0),
        ("-", "expected a digit", 1),
        ("1.", "expected a digit after '.'", 2),
        ("{} x", "unexpected data after the document", 3),
    ])
    func rejectsMalformedTextWithItsPosition(text: String, reason: String, offset: Int) {
        #expect(throws: JSONParseError(offset: offset, reason: reason)) { try JSONValue(parsing: text) }
    }

    @Test func rejectsNestingDeeperThanTheLimit() throws {
        #expect(throws: JSONParseError.self) { try JSONValue(parsing: String(repeating: "[", count: 600) + String(repeating: "]", count: 600)) }
        let deepest = String(repeating: "[", count: 512) + String(repeating: "]", count: 512)
        #expect(try JSONValue(parsing: deepest).arrayValue?.count == 1)
    }

    @Test func serializesCompactlyWithSortedKeysAndRoundTrips() throws {
        let value: JSONValue = ["b": [1, 2.5, -3], "a": "q\"\u{1}\n", "c": nil, "d": true]
        let text = try value.serializedText()
        #expect(text == #"{"a":"q\"\u0001\n","b":[1,2.5,-3],"c":null,"d":true}"#)
        #expect(try JSONValue(parsing: text) == value)
    }

    @Test func writesIndentedTextForPeopleWithTheSameKeysAndValues() throws {
        let value: JSONValue = ["b": [1, ["x": "a/b"], [], [:]], "a": "q\"\n", "c": nil]
        let text = try value.serializedText(indentation: 2)
        #expect(text == """
            {
              "a": "q\\"\\n",
              "b": [
                1,
                {
                  "x": "a/b"
                },
                [],
                {}
              ],
              "c": null
            }
            """)
        #expect(try JSONValue(parsing: text) == value)
        #expect(try JSONValue.array([]).serializedText(indentation: 4) == "[]")
        #expect(try JSONValue.string("s").serializedText(indentation: 4) == #""s""#)
    }

    @Test func refusesNonFiniteNumbersNamingThePath() {
        let value: JSONValue = ["prices": [1, .number(.nan)]]
        #expect(throws: JSONSerializationError(path: "$.prices[1]", reason: "nan is not a JSON number")) { try value.serialized() }
    }

    @Test func bridgesToCodable() throws {
        struct User: Codable, Equatable {
            var name: String
            var age: Int
        }
        let json = try JSONValue(encoding: User(name: "Ada", age: 36))
        #expect(json == ["name": "Ada", "age": 36])
        #expect(try json.decode(User.self) == User(name: "Ada", age: 36))
        let decoded = try JSONDecoder().decode(JSONValue.self, from: Data(#"{"x":[1,"y",null,false]}"#.utf8))
        #expect(decoded == ["x": [1, "y", nil, false]])
    }
}

/// The safe readers never fail: a wrong type or a missing key gives the default.
@Suite struct SafeDecodingTests {
    let json: JSONValue = [
        "name": "ada", "count": 3, "ratio": 0.5, "numeric": "42", "word": "many", "flag": true, "one": 1,
        "user": ["id": 7], "list": [1, "two", 3], "nothing": nil,
    ]

    @Test func readsValuesOfTheRightType() {
        #expect(json.string("name") == "ada")
        #expect(json.number("ratio") == 0.5)
        #expect(json.integer("count") == 3)
        #expect(json.bool("flag"))
        #expect(json.table("user").integer("id") == 7)
        #expect(json.array("list") == [1, "two", 3])
        #expect(json.array("list") { $0.numberValue } == [1, 3])
        #expect(json.array("list").count == 3 && json["list"]?.at(1) == "two")
    }

    @Test func convertsBetweenNumbersAndTextLikeTheOriginal() {
        #expect(json.string("count") == "3")
        #expect(json.string("ratio") == "0.5")
        #expect(json.number("numeric") == 42)
        #expect(json.bool("one"))
    }

    @Test func wrongTypesAndMissingKeysGiveTheDefault() {
        #expect(json.string("flag", default: "?") == "?")
        #expect(json.string("user") == "")
        #expect(json.number("word", default: -1) == -1)
        #expect(json.number("list", default: -1) == -1)
        #expect(json.integer("ratio") == 0)
        #expect(json.integer("absent", default: 9) == 9)
        #expect(json.bool("name", default: true))
        #expect(!json.bool("nothing"))
        #expect(json.table("name") == [:])
        #expect(json.table("absent", default: ["fallback": true]) == ["fallback": true])
        #expect(json.array("user") == [])
        #expect(json.array("name", default: ["d"]) == ["d"])
        #expect(json.at(0) == .null)
        #expect(json["list"]?.at(9, default: "none") == "none")
        #expect(json["list"]?.at(-1) == .null)
    }

    @Test func readingFromANonObjectGivesTheDefault() {
        let list: JSONValue = [1, 2]
        #expect(list.string("name", default: "d") == "d")
        #expect(JSONValue.null.number("x", default: 4) == 4)
        #expect(JSONValue.string("s").table("x") == [:])
    }

    @Test func putSkipsEmptyValues() {
        var body: JSONValue = nil
        body.put("account", "ada")
        body.put("password", "")
        body.put("token", nil)
        body.put("tags", [])
        body.put("extra", [:])
        body.put("missing", .null)
        body.put("zero", 0)
        body.put("off", false)
        #expect(body == ["account": "ada", "zero": 0, "off": false])
        var notAnObject: JSONValue = [1]
        notAnObject.put("a", "b")
        #expect(notAnObject == [1])
    }
}
