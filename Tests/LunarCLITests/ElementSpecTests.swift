import Foundation
import Testing

/// The spec driver's element input (`app.toggle`, `app.scroll`, `app.longPress`, `app.pressIn`,
/// `app.pressOut`) through `lunar test`.
@Suite struct ElementSpecTests {
    @Test func specsToggleScrollAndLongPress() throws {
        let dir = try TestCommandTests.makeBundle(specs: [
            "screens/home.lua": #"""
                local ui = require("lunar.ui")
                local screen = { title = "Home" }
                function screen:load()
                  self.on, self.held, self.pages, self.items = false, 0, 0, {}
                  for i = 1, 100 do self.items[i] = { id = i } end
                end
                function screen:render()
                  return ui.Column {
                    ui.Switch { accessibilityLabel = "Wifi", value = self.on, onValueChange = function(v) self.on = v end },
                    ui.Pressable { accessibilityLabel = "Hold", onLongPress = function() self.held = self.held + 1 end },
                    ui.List { id = "rows", items = self.items, key = "id",
                      row = function(item) return ui.Text("Row " .. item.id) end,
                      onEndReached = function() self.pages = self.pages + 1 end },
                    ui.Text { "on " .. tostring(self.on) .. " held " .. self.held .. " pages " .. self.pages, id = "state" },
                  }
                end
                return screen
                """#,
            "spec/elements_spec.lua": #"""
                describe("elements", function()
                  it("toggles, holds and scrolls", function()
                    app.open("/home")
                    app.toggle("Wifi")
                    app.longPress("Hold")
                    expect(app.find("state").text):toBe("on true held 1 pages 0")
                    expect(app.screen()):toContain("List #rows rows=1-10/100")
                    app.scroll("rows", nil)
                    expect(app.screen()):toContain('Text "Row 100"')
                    expect(app.find("state").text):toBe("on true held 1 pages 1")
                    expect(function() app.toggle("Bluetooth") end):toThrow('no switch "Bluetooth"')
                  end)
                end)
                """#,
        ])
        defer { try? FileManager.default.removeItem(at: dir) }
        let r = try LunarProcess.run(["test", dir.path])
        #expect(r.status == 0, "\(r.out)\(r.err)")
        #expect(r.out.contains("1 passed"))
    }

    /// `app.pressIn`/`app.pressOut` show a Pressable's pressed style in `app.find(...).style`;
    /// `ui.scrollToEnd` from a handler moves a list, and the snapshot prints its offset.
    @Test func specsHoldAPressableAndScrollFromAScript() throws {
        let dir = try TestCommandTests.makeBundle(specs: [
            "screens/home.lua": #"""
                local ui = require("lunar.ui")
                local s = ui.styles { card = { backgroundColor = "#ffffff" }, pressed = { backgroundColor = "#000000" } }
                local screen = { title = "Home" }
                function screen:load()
                  self.items = {}
                  for i = 1, 100 do self.items[i] = { id = i } end
                end
                function screen:render()
                  return ui.Column {
                    ui.Pressable { id = "card", accessibilityLabel = "Card", onPress = function() end,
                      style = function(state) return { s.card, state.pressed and s.pressed } end },
                    ui.List { id = "rows", items = self.items, key = "id", estimatedItemSize = 20,
                      row = function(item) return ui.Text("Row " .. item.id) end },
                    ui.Button { title = "Last", onPress = function() ui.scrollToEnd("rows") end },
                  }
                end
                return screen
                """#,
            "spec/pressing_spec.lua": #"""
                describe("pressing", function()
                  it("holds a card and scrolls to the last row", function()
                    app.open("/home")
                    expect(app.find("card").style.backgroundColor):toBe("#ffffff")
                    app.pressIn("Card")
                    expect(app.find("card").style.backgroundColor):toBe("#000000")
                    app.pressOut("Card")
                    expect(app.find("card").style.backgroundColor):toBe("#ffffff")
                    app.tap("Last")
                    expect(app.screen()):toContain("/100 offset=1156")
                    expect(app.screen()):toContain('Text "Row 100"')
                  end)
                end)
                """#,
        ])
        defer { try? FileManager.default.removeItem(at: dir) }
        let r = try LunarProcess.run(["test", dir.path])
        #expect(r.status == 0, "\(r.out)\(r.err)")
        #expect(r.out.contains("1 passed"))
    }
}
