import Foundation
import LunarBridge
import LunarHeadless
import LunarHeadlessHost
import LunarRuntime
import LunarTestSupport
import LunarUI
import Testing

/// Text input as people type (issue 31): a `TextField`'s `multiline`, `numberOfLines`,
/// `keyboardType`, `autoFocus`, `autoCapitalize`, `autoCorrect` and `returnKeyType`, checked at
/// the caller's line and carried to the renderer; `ui.focus(id)` and `ui.blur()`.
@Suite struct TextInputTests {
    static let screen = """
        local ui = require("lunar.ui")
        local screen = { title = "Form" }
        function screen:load() self.submitted = "" end
        function screen:render()
          return ui.Column {
            ui.TextField { id = "age", placeholder = "Age", keyboardType = "number", returnKeyType = "next",
              onSubmit = function() ui.focus("notes") end },
            ui.TextField { id = "email", placeholder = "Email", keyboardType = "email", autoCapitalize = "none",
              autoCorrect = false, autoFocus = true },
            ui.TextField { id = "notes", placeholder = "Notes", multiline = true, numberOfLines = 4,
              returnKeyType = "done", onSubmit = function(text) self.submitted = text end },
            ui.Button { title = "Done", onPress = function() ui.blur() end },
            ui.Button { title = "Nowhere", onPress = function() ui.focus("nope") end },
            ui.Button { title = "Button", onPress = function() ui.focus("label") end },
            ui.Text { "Submitted: " .. self.submitted, id = "label" },
          }
        end
        return screen
        """

    @Test func theSnapshotShowsEachFieldsTextInputProps() async throws {
        let bundle = try TestBundle(files: ["screens/home.lua": Self.screen])
        defer { bundle.remove() }
        let runtime = try await bundle.start()
        let snapshot = await runtime.snapshot()
        #expect(snapshot.contains(#"TextField #age "Age" value="" keyboard=number return=next"# + "\n"), "\(snapshot)")
        // autoFocus: the field has focus as the screen opens.
        #expect(snapshot.contains(#"TextField #email "Email" value="" keyboard=email capitalize=none autoCorrect=false [focused]"#), "\(snapshot)")
        #expect(snapshot.contains(#"TextField #notes "Notes" value="" lines=4 return=done [multiline]"#), "\(snapshot)")
    }

    @Test func uiFocusAndBlurMoveTheRenderersFocus() async throws {
        let bundle = try TestBundle(files: ["screens/home.lua": Self.screen])
        defer { bundle.remove() }
        let runtime = try await bundle.start()
        // Return in the age field focuses the notes (its onSubmit calls ui.focus).
        try await runtime.run(.submit(field: "age"))
        var snapshot = await runtime.snapshot()
        #expect(snapshot.contains(#"TextField #notes "Notes" value="" lines=4 return=done [multiline, focused]"#), "\(snapshot)")
        #expect(!snapshot.contains(#"TextField #age "Age" value="" keyboard=number return=next [focused]"#), "\(snapshot)")
        try await runtime.run(.tap("Done"))
        snapshot = await runtime.snapshot()
        #expect(!snapshot.contains("focused"), "\(snapshot)")
        try await runtime.run(.tap("Nowhere"))
        snapshot = await runtime.snapshot()
        #expect(snapshot.contains(#"Toast "error: screens/home.lua:13: ui.focus: no TextField with id 'nope' on screens.home"#), "\(snapshot)")
        try await runtime.run(.tap("Button"))
        snapshot = await runtime.snapshot()
        #expect(snapshot.contains(#"Toast "error: screens/home.lua:14: ui.focus: #label on screens.home is a Text, not a TextField""#), "\(snapshot)")
    }

    @Test func aBadValueIsAnErrorAtTheCallersLine() async throws {
        let (bundle, runtime) = try await ElementPropTests.started()
        defer { bundle.remove() }
        #expect(await ElementPropTests.error(runtime, "ui.TextField { keyboardType = 'numeric' }")
            == #"test:2: ui.TextField: keyboardType must be one of "default", "number", "decimal", "email", "phone", "url" (got "numeric")"#)
        #expect(await ElementPropTests.error(runtime, "ui.TextField { multiline = 'yes' }")
            == #"test:2: ui.TextField: multiline must be a boolean (got "yes")"#)
        #expect(await ElementPropTests.error(runtime, "ui.TextField { numberOfLines = 2.5 }")
            == "test:2: ui.TextField: numberOfLines must be a whole number of lines from 1 (got 2.5)")
        #expect(await ElementPropTests.error(runtime, "ui.TextField { numberOfLines = 0 }")
            == "test:2: ui.TextField: numberOfLines must be a whole number of lines from 1 (got 0)")
        #expect(await ElementPropTests.error(runtime, "ui.TextField { autoCapitalize = 'Words' }")?
            .hasPrefix(#"test:2: ui.TextField: autoCapitalize must be one of "none", "sentences", "words", "characters""#) == true)
        #expect(await ElementPropTests.error(runtime, "ui.TextField { returnKeyType = {} }")?.hasSuffix("(got a table)") == true)
        // A signal's value is checked as the element is built.
        #expect(await ElementPropTests.error(runtime, "ui.TextField { keyboardType = signal.value('pin') }")?
            .hasPrefix(#"test:2: ui.TextField: keyboardType must be one of"#) == true)
        #expect(await ElementPropTests.error(runtime, "ui.focus(3)")
            == "test:2: ui.focus: argument #1 must be the id of a TextField (a string), got number")
        // Good values pass, and reach the element's props.
        #expect(await ElementPropTests.error(runtime, """
            local node = ui.TextField { keyboardType = 'decimal', multiline = true, numberOfLines = 3, autoFocus = true,
              autoCapitalize = 'words', autoCorrect = true, returnKeyType = 'send' }
            assert(node.props.keyboardType == 'decimal' and node.props.numberOfLines == 3 and node.props.returnKeyType == 'send')
            """) == nil)
    }

    /// What the terminal's hardware keyboard lets into a field of each keyboard type.
    @Test func eachKeyboardTypeAcceptsWhatFitsIt() {
        #expect(KeyboardType.number.accepts("7", after: ""))
        #expect(!KeyboardType.number.accepts("a", after: ""))
        #expect(!KeyboardType.number.accepts(".", after: "1"))
        #expect(KeyboardType.decimal.accepts(".", after: "1"))
        #expect(!KeyboardType.decimal.accepts(",", after: "1.5"))
        #expect(!KeyboardType.email.accepts(" ", after: "a"))
        #expect(KeyboardType.phone.accepts("+", after: ""))
        #expect(!KeyboardType.phone.accepts("x", after: ""))
        #expect(KeyboardType.default.accepts(" ", after: ""))
    }
}
