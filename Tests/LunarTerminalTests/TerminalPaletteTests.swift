import LunarUI
import Testing

@testable import LunarTerminal

@Suite struct TerminalPaletteTests {
    @Test func paletteFollowsTheTerminalsColourCount() {
        #expect(TerminalPalette(colors: 0, extended: true) == .none)
        #expect(TerminalPalette(colors: 8, extended: true) == .ansi8)
        #expect(TerminalPalette(colors: 16, extended: true) == .ansi16)
        #expect(TerminalPalette(colors: 256, extended: true) == .xterm256)
        #expect(TerminalPalette(colors: 1 << 24, extended: true) == .direct)
        #expect(TerminalPalette(colors: 1 << 24, extended: false) == .xterm256, "direct colour needs extended pairs")
    }

    @Test func coloursMapToTheNearestTheTerminalHas() {
        let red = Color(red: 255, green: 0, blue: 0)
        let dodgerBlue = Color(parsing: "#1e90ff")!
        let grey = Color(red: 128, green: 128, blue: 128)
        #expect(TerminalPalette.direct.number(for: dodgerBlue) == 0x1E90FF)
        #expect(TerminalPalette.xterm256.number(for: red) == 196)
        #expect(TerminalPalette.xterm256.number(for: dodgerBlue) == 33)
        #expect(TerminalPalette.xterm256.number(for: grey) == 244, "greys go to the grey ramp")
        #expect(TerminalPalette.ansi16.number(for: red) == 9)
        #expect(TerminalPalette.ansi8.number(for: red) == 1)
        #expect(TerminalPalette.ansi8.number(for: Color(red: 250, green: 250, blue: 250)) == 7)
    }
}
