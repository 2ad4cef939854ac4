import LunarUI

/// Lays a ``Scene`` out into a full-screen ``TerminalFrame``:
///
/// ```
///  ← Esc               Profile                 <- title bar, back hint when Esc leads back
/// > [bob        ]                              <- content, the focused element marked
///   [ Save ]                                  ↓ <- more content below
///  Tab move · Enter press · Esc back · q quit  <- key help, or the latest toast or status
/// ```
///
/// An error overlay replaces the content; the HUD and an alert are boxes centred above it.
/// Pure: the same scene and size give the same frame, which is what the tests check.
struct SceneLayout {
    /// The characters boxes, lines and markers are drawn with.
    var glyphs: Glyphs = .unicode

    /// Columns left of the content: the focus marker and a space.
    static let gutter = 2

    /// The frame for `scene` on a `width` × `height` terminal.
    func frame(for scene: Scene, width: Int, height: Int) -> TerminalFrame {
        var grid = CellGrid(width: width, height: height)
        guard width > 0, height > 0 else { return TerminalFrame(grid: grid, cursor: nil, scrollOffset: 0) }
        drawTitleBar(scene.screen, into: &grid)

        let top = 1
        let viewportHeight = max(0, height - 2)
        let contentWidth = max(0, width - Self.gutter - 1)
        var cursor: CellPosition?
        var offset = 0
        var spinners: [SpinnerCell] = []
        var scrolled: [NodeID: Int] = [:]
        if viewportHeight > 0, contentWidth > 0, let screen = scene.screen {
            let content = self.content(of: screen, width: contentWidth, viewportHeight: viewportHeight, spinnerPhase: scene.spinnerPhase)
            offset = content.offset
            spinners = content.painted.spinners.map {
                SpinnerCell(position: CellPosition(row: top + $0.position.row, column: Self.gutter + $0.position.column), paint: $0.paint)
            }
            scrolled = content.painted.scrolled
            grid.paste(content.grid, row: top, column: Self.gutter)
            if let rows = content.focusedRows, (offset..<(offset + viewportHeight)).contains(rows.lowerBound) {
                grid.write(String(glyphs.focusMarker), row: top + rows.lowerBound - offset, column: 0, style: .focused)
            }
            if offset > 0 {
                grid.write(String(glyphs.moreAbove), row: top, column: width - 1, style: .hint)
            }
            if offset + viewportHeight < content.height {
                grid.write(String(glyphs.moreBelow), row: top + viewportHeight - 1, column: width - 1, style: .hint)
            }
            if let position = content.painted.cursor {
                cursor = CellPosition(row: top + position.row, column: Self.gutter + position.column)
            }
        }
        if height > 1 { drawBottomLine(for: scene, into: &grid) }
        if scene.isHUDShown { drawHUD(scene.hudText, into: &grid) }
        if let alert = scene.alert {
            drawAlert(alert, selected: scene.selectedAlertButton, into: &grid)
            cursor = nil
        }
        if scene.isHUDShown || scene.alert != nil { spinners = [] }   // a box may cover them: the next full frame turns them
        return TerminalFrame(grid: grid, cursor: cursor, scrollOffset: offset, spinners: spinners, scrolled: scrolled)
    }

    // MARK: Title bar and bottom line

    private func drawTitleBar(_ screen: Scene.Screen?, into grid: inout CellGrid) {
        grid.fill(row: 0, columns: 0..<grid.width, style: .titleBar)
        var hintEnd = 0
        if screen?.canGoBack == true {
            hintEnd = 1 + grid.write("\(glyphs.backArrow) Esc", row: 0, column: 1, style: .titleBar)
        }
        let title = screen?.title ?? ""
        let titleWidth = displayWidth(of: title)
        let column = max((grid.width - titleWidth) / 2, hintEnd == 0 ? 0 : hintEnd + 2)
        grid.write(title, row: 0, column: column, style: .titleBar, limit: grid.width - column)
    }

    /// The latest toast, else the host's status, else which keys do what right now.
    private func drawBottomLine(for scene: Scene, into grid: inout CellGrid) {
        let row = grid.height - 1
        if let text = scene.toast ?? scene.status {
            let style: TextStyle = scene.toast == nil && scene.isStatusError ? .errorLine : .toast
            grid.fill(row: row, columns: 0..<grid.width, style: style)
            grid.write(text.replacingOccurrences(of: "\n", with: " "), row: row, column: 1, style: style, limit: grid.width - 2)
        } else {
            grid.write(keyHelp(for: scene).joined(separator: glyphs.separator), row: row, column: 1, style: .hint, limit: grid.width - 1)
        }
    }

    private func keyHelp(for scene: Scene) -> [String] {
        if let alert = scene.alert {
            var help = ["Tab choose", "Enter select"]
            if alert.buttons.contains(where: { $0.role == .cancel }) { help.append("Esc cancel") }
            return help
        }
        let back = scene.screen?.canGoBack == true ? ["Esc back"] : []
        guard let screen = scene.screen else { return ["q quit"] }
        if screen.error != nil { return back + ["q quit"] }
        if let focused = screen.focused, let node = screen.tree?.node(focused), node.kind == .textField {
            return ["Tab next", "Enter submit", "Esc leave field", "Ctrl-C quit"]
        }
        var holds = false
        var node = screen.focused.flatMap { screen.tree?.node($0) }
        while let current = node, !holds { holds = current.events.contains(.longPress); node = current.parent }
        return ["Tab move", "Enter press"] + (holds ? ["l hold"] : []) + back + ["q quit"]
    }

    // MARK: Content

    /// The visible rows of a screen's content, laid out and painted: the error overlay, or
    /// the node tree scrolled to where the screen was, moved just enough to show the focused
    /// element when the screen asks for it.
    private func content(of screen: Scene.Screen, width: Int, viewportHeight: Int, spinnerPhase: Int)
        -> (grid: CellGrid, offset: Int, height: Int, focusedRows: Range<Int>?, painted: ContentPainter.Result)
    {
        if let error = screen.error {
            let lines = errorGrid(for: error, width: width)
            let offset = min(max(0, screen.scrollOffset), max(0, lines.height - viewportHeight))
            var grid = CellGrid(width: width, height: viewportHeight)
            grid.paste(lines.slice(rows: offset..<(offset + viewportHeight)), row: 0, column: 0)
            return (grid, offset, lines.height, nil, ContentPainter.Result())
        }
        guard let tree = screen.tree, let root = tree.root else {
            return (CellGrid(width: width, height: viewportHeight), 0, 0, nil, ContentPainter.Result())
        }
        ContentPainter.layOut(tree, columns: width, rows: viewportHeight, extent: screen.extent, glyphs: glyphs)
        let painter = ContentPainter(glyphs: glyphs, focused: screen.focused, caret: screen.caret,
                                     scrollOffsets: screen.scrollOffsets, spinnerPhase: spinnerPhase)
        let focusedRows = tree.focusedNode.map { painter.rect(of: $0).rows }
        let height = screen.extent.rows
        let maximum = max(0, height - viewportHeight)
        var offset = min(max(0, screen.scrollOffset), maximum)
        if screen.revealsFocus, let rows = focusedRows {
            if rows.lowerBound < offset {
                offset = max(0, rows.lowerBound)
            } else if rows.upperBound > offset + viewportHeight {
                offset = min(rows.lowerBound, rows.upperBound - viewportHeight)
            }
        }
        var grid = CellGrid(width: width, height: viewportHeight)
        let painted = painter.paint(root, focusedNode: tree.focusedNode, extent: screen.extent, firstRow: offset, into: &grid)
        return (grid, offset, height, focusedRows, painted)
    }

    /// The message, where, and the code frame with the failing line marked:
    ///
    /// ```
    /// Error: attempt to index a nil value (field 'user')
    /// at screens/profile.lua:10
    ///
    ///      9 | function screen.render()
    ///   > 10 |   return ui.Text(vm.user.name)
    /// ```
    private func errorGrid(for error: ErrorOverlay, width: Int) -> CellGrid {
        var lines: [(text: String, style: TextStyle)] = wrap("Error: \(error.message)", width: width).map { ($0, .error) }
        if let location = error.location { lines.append(("at \(location)", .hint)) }
        if !error.codeFrame.isEmpty {
            lines.append(("", .normal))
            let numberWidth = error.codeFrame.map { String($0.number).count }.max() ?? 0
            for source in error.codeFrame {
                let marked = source.number == error.line
                let number = String(source.number)
                let padding = String(repeating: " ", count: numberWidth - number.count)
                lines.append(("\(marked ? ">" : " ") \(padding)\(number) | \(source.text)", marked ? .errorLine : .normal))
            }
        }
        var grid = CellGrid(width: width, height: lines.count)
        for (row, line) in lines.enumerated() {
            if line.style == .errorLine { grid.fill(row: row, columns: 0..<width, style: .errorLine) }
            grid.write(line.text, row: row, column: 0, style: line.style)
        }
        return grid
    }

    // MARK: Overlays

    /// A box with the HUD's text, centred.
    private func drawHUD(_ text: String?, into grid: inout CellGrid) {
        let lines = wrap(text ?? "Please wait", width: max(1, grid.width - 8))
        let rows: [[(text: String, style: TextStyle)]] = lines.map { [($0, .overlay)] }
        drawBox(rows, into: &grid)
    }

    /// A box with the title, the message, and the buttons in a row (or one per line when
    /// they do not fit); the selected button is marked and highlighted.
    private func drawAlert(_ alert: Alert, selected: Int, into grid: inout CellGrid) {
        let maximumInner = max(1, grid.width - 8)
        var rows: [[(text: String, style: TextStyle)]] = wrap(alert.title, width: maximumInner).map { [($0, .overlay)] }
        if let message = alert.message {
            rows.append([])
            rows += wrap(message, width: maximumInner).map { [($0, .overlay)] }
        }
        let buttons: [(text: String, style: TextStyle)] = alert.buttons.enumerated().map { index, button in
            let marker = index == selected ? String(glyphs.focusMarker) : " "
            let style: TextStyle = index == selected ? .focused : button.role == .destructive ? .destructive : .overlay
            return ("\(marker)[ \(button.title) ]", style)
        }
        if !buttons.isEmpty {
            rows.append([])
            let rowWidth = buttons.map { displayWidth(of: $0.text) }.reduce(0, +) + buttons.count - 1
            if rowWidth <= maximumInner {
                rows.append(Array(buttons.map { [$0] }.joined(separator: [(" ", TextStyle.overlay)])))
            } else {
                rows += buttons.map { [$0] }
            }
        }
        drawBox(rows, into: &grid)
    }

    /// Draws a bordered box around `rows` (each a list of styled pieces), centred on the grid.
    private func drawBox(_ rows: [[(text: String, style: TextStyle)]], into grid: inout CellGrid) {
        let innerWidth = min(
            rows.map { $0.map { displayWidth(of: $0.text) }.reduce(0, +) }.max() ?? 0,
            max(0, grid.width - 6))
        let boxWidth = innerWidth + 4
        let boxHeight = rows.count + 2
        var box = CellGrid(width: boxWidth, height: boxHeight)
        for row in 0..<boxHeight { box.fill(row: row, columns: 0..<boxWidth, style: .overlay) }
        let horizontal = String(repeating: glyphs.horizontal, count: boxWidth - 2)
        box.write("\(glyphs.topLeft)\(horizontal)\(glyphs.topRight)", row: 0, column: 0, style: .overlay)
        box.write("\(glyphs.bottomLeft)\(horizontal)\(glyphs.bottomRight)", row: boxHeight - 1, column: 0, style: .overlay)
        for (index, pieces) in rows.enumerated() {
            box.write(String(glyphs.vertical), row: index + 1, column: 0, style: .overlay)
            box.write(String(glyphs.vertical), row: index + 1, column: boxWidth - 1, style: .overlay)
            var x = 2
            for piece in pieces {
                x += box.write(piece.text, row: index + 1, column: x, style: piece.style, limit: boxWidth - 2 - x)
            }
        }
        let row = max(0, (grid.height - boxHeight) / 2)
        let column = max(0, (grid.width - boxWidth) / 2)
        grid.paste(box, row: row, column: column)
    }
}
