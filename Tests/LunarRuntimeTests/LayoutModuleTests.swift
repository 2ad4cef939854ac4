import LunarBridge
@testable import LunarRuntime
import Testing

/// `lunar.layout`: trees of style tables laid out from Lua.
@Suite struct LayoutModuleTests {
    private func run(_ source: String) throws -> [LuaValue] {
        let executor = LuaExecutor(clock: .virtual)
        defer { executor.shutdown() }
        let state = try LuaState()
        ScriptModules.install(on: state, executor: executor)
        return try state.run("local layout = require('lunar.layout')\n" + source, name: "@screen.lua")
    }

    private func error(_ source: String) -> String {
        do {
            _ = try run(source)
            return "no error"
        } catch let error as LuaScriptError {
            return error.message
        } catch {
            return "\(error)"
        }
    }

    @Test func computesFramesForARowInBothDirections() throws {
        let source = """
            local tree = {
              style = { flexDirection = "row", width = 100, height = 50, paddingHorizontal = 10, justifyContent = "space-between" },
              children = {
                { style = { width = "25%", marginTop = 5 } },
                { style = { flexBasis = 20, alignSelf = "center", height = 10 } },
              },
            }
            local ltr = layout.compute(tree)
            local rtl = layout.compute(tree, { direction = "rtl" })
            local function f(n) return string.format("%s,%s,%s,%s", n.left, n.top, n.width, n.height) end
            return f(ltr), f(ltr.children[1]), f(ltr.children[2]), f(rtl.children[1]), f(rtl.children[2]), #ltr.children[1].children
            """
        let results = try run(source)
        #expect(results == [
            "0,0,100,50", "10,5,20,45", "70,20,20,10", "70,5,20,45", "10,20,20,10", .integer(0),
        ])
    }

    @Test func scaleRoundsToThatPixelGrid() throws {
        let results = try run("""
            local tree = {
              style = { flexDirection = "row", width = 100, height = 10 },
              children = { { style = { flexGrow = 1 } }, { style = { flexGrow = 1 } }, { style = { flexGrow = 1 } } },
            }
            local function widths(options)
              local f = layout.compute(tree, options)
              return string.format("%s %s %s|%s", f.children[1].width, f.children[2].width, f.children[3].width, f.children[2].left)
            end
            return widths(), widths({ scale = 2 }), widths({ scale = 3 }), math.type(layout.compute(tree, { scale = 0 }).children[1].width)
            """)
        #expect(results == [.string("33 34 33|33"), .string("33.5 33 33.5|33.5"), .string("33.333333333333 33.333333333333 33.333333333333|33.333333333333"), .string("float")])
        #expect(error("layout.compute({}, { scale = -2 })").contains("option 'scale' must be a number >= 0, got -2"))
        #expect(error("layout.compute({}, { scale = 'retina' })").contains("option 'scale' must be a number >= 0"))
    }

    @Test func theDocumentedExampleGivesTheDocumentedFrames() throws {
        let results = try run("""
            local frame = layout.compute({
              style = { flexDirection = "row", width = 320, padding = 8, columnGap = 8, alignItems = "center" },
              children = {
                { style = { width = 40, aspectRatio = 1 } },
                { style = { flex = 1, height = 16 } },
              },
            }, { direction = "ltr" })
            return frame.width, frame.height, frame.children[2].left, frame.children[2].width
            """)
        #expect(results == [.integer(320), .integer(56), .integer(56), .integer(256)])
    }

    @Test func omittedSizesAreContentSized() throws {
        let results = try run("""
            local frame = layout.compute({ children = { { style = { width = 30, height = 20, margin = "auto" } } } }, { width = 200 })
            return frame.width, frame.height, frame.children[1].left
            """)
        #expect(results == [.integer(200), .integer(20), .integer(85)])
    }

    /// Yoga's max_content_width and stretch_width fixtures through the Lua face.
    @Test func intrinsicSizeKeywords() throws {
        let results = try run("""
            local row = layout.compute({ style = { flexDirection = "row", flexWrap = "wrap", width = "max-content" }, children = {
              { style = { width = 50, height = 50 } }, { style = { width = 100, height = 50 } }, { style = { width = 25, height = 50 } } } })
            local column = layout.compute({ style = { width = 500 }, children = {
              { style = { flexDirection = "row", width = "stretch", flexBasis = "fit-content", minWidth = "max-content" },
                children = { { style = { width = 25, height = 50 } } } } } }, { direction = "rtl" })
            return row.width, row.height, row.children[3].left, column.children[1].width, column.children[1].children[1].left
            """)
        #expect(results == [.integer(175), .integer(50), .integer(150), .integer(500), .integer(475)])
        #expect(error("layout.compute({ style = { height = 'min-content' } })")
            == "screen.lua:2: bad argument #1 to 'layout.compute' (node.style.height must be a number >= 0, a percentage such as \"50%\", \"auto\", \"max-content\", \"fit-content\" or \"stretch\", got \"min-content\")")
        #expect(error("layout.compute({ style = { paddingTop = 'stretch' } })").contains("node.style.paddingTop must be a number >= 0 or a percentage such as \"50%\", got \"stretch\""))
    }

    @Test func badStyleKeysAndValuesNameTheKeyAtTheCallersLine() {
        #expect(error("layout.compute({ style = { flexDirecton = 'row' } })")
            == "screen.lua:2: bad argument #1 to 'layout.compute' (node.style: unknown style key 'flexDirecton' (did you mean 'flexDirection'?))")
        #expect(error("layout.compute({ children = { { style = { width = true } } } })")
            == "screen.lua:2: bad argument #1 to 'layout.compute' (node.children[1].style.width must be a number >= 0, a percentage such as \"50%\", \"auto\", \"max-content\", \"fit-content\" or \"stretch\", got a boolean)")
        #expect(error("layout.compute({ style = { flexDirection = 'sideways' } })").contains("node.style.flexDirection must be one of \"column\", \"row\", \"column-reverse\", \"row-reverse\", got \"sideways\""))
        #expect(error("layout.compute({}, { width = -1 })").contains("option 'width' must be a number >= 0, got -1"))
        #expect(error("layout.compute({}, { depth = 1 })").contains("unknown option 'depth'"))
    }
}
