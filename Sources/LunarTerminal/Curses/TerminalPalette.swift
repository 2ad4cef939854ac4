import LunarUI

/// The colours a terminal can show, from its terminfo entry (`colors`): a style's colours are
/// mapped to the nearest the terminal has. docs/terminal.md, "Colours".
enum TerminalPalette: Equatable {
    /// No colours (none in terminfo, or `NO_COLOR`).
    case none
    /// The 8 ANSI colours.
    case ansi8
    /// The 16 ANSI colours (with the bright ones).
    case ansi16
    /// xterm's 256: the 16, a 6×6×6 cube and 24 greys.
    case xterm256
    /// 24-bit colour, for a terminfo entry with direct colour (`TERM=xterm-direct`).
    case direct

    /// The palette for a terminal with `colors` colours; `extended` says whether curses can
    /// take colour numbers beyond a short (needed for direct colour).
    init(colors: Int, extended: Bool) {
        if colors >= 1 << 24, extended {
            self = .direct
        } else if colors >= 256 {
            self = .xterm256
        } else if colors >= 16 {
            self = .ansi16
        } else if colors >= 8 {
            self = .ansi8
        } else {
            self = .none
        }
    }

    /// The colour number nearest to `color` (alpha ignored).
    func number(for color: Color) -> Int32 {
        let (r, g, b) = (Int(color.red), Int(color.green), Int(color.blue))
        switch self {
        case .none:
            return -1
        case .direct:
            return Int32(r << 16 | g << 8 | b)
        case .xterm256:
            // The nearest of the cube's colour and the grey ramp's.
            let levels = [0, 95, 135, 175, 215, 255]
            func nearestLevel(_ value: Int) -> Int {
                levels.indices.min { abs(levels[$0] - value) < abs(levels[$1] - value) }!
            }
            let (ri, gi, bi) = (nearestLevel(r), nearestLevel(g), nearestLevel(b))
            let cube = (levels[ri], levels[gi], levels[bi])
            let average = (r + g + b) / 3
            let greyIndex = max(0, min(23, (average - 8 + 5) / 10))
            let grey = 8 + greyIndex * 10
            let cubeDistance = Self.distance((r, g, b), cube)
            let greyDistance = Self.distance((r, g, b), (grey, grey, grey))
            return greyDistance < cubeDistance ? Int32(232 + greyIndex) : Int32(16 + 36 * ri + 6 * gi + bi)
        case .ansi16, .ansi8:
            let count = self == .ansi16 ? 16 : 8
            let index = (0..<count).min { Self.distance((r, g, b), Self.ansi[$0]) < Self.distance((r, g, b), Self.ansi[$1]) }!
            return Int32(index)
        }
    }

    /// xterm's default ANSI colours.
    private static let ansi: [(Int, Int, Int)] = [
        (0, 0, 0), (205, 0, 0), (0, 205, 0), (205, 205, 0), (0, 0, 238), (205, 0, 205), (0, 205, 205), (229, 229, 229),
        (127, 127, 127), (255, 0, 0), (0, 255, 0), (255, 255, 0), (92, 92, 255), (255, 0, 255), (0, 255, 255), (255, 255, 255),
    ]

    private static func distance(_ a: (Int, Int, Int), _ b: (Int, Int, Int)) -> Int {
        let (dr, dg, db) = (a.0 - b.0, a.1 - b.1, a.2 - b.2)
        return dr * dr + dg * dg + db * db
    }
}
