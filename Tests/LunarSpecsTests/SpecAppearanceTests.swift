import Foundation
import LunarBundle
import LunarSpecs
import LunarTestSupport
import Testing

/// A spec sets the device's look with `app.setAppearance` (issue 31), as headless `appearance` does.
@Suite struct SpecAppearanceTests {
    @Test func setAppearanceSwitchesUiAppearance() async throws {
        let directory = try BundleDirectory(files: [
            "manifest.json": BundleDirectory.manifest(),
            "screens/home.lua": """
                local ui = require("lunar.ui")
                local screen = { title = "Home" }
                function screen:render()
                  return ui.Text { id = "look", text = "look: " .. ui.appearance:get() }
                end
                return screen
                """,
            "spec/look_spec.lua": """
                describe("look", function()
                  it("starts light and turns dark", function()
                    expect(app.screen()):toContain("look: light")
                    app.setAppearance("dark")
                    expect(app.screen()):toContain("look: dark")
                  end)
                  it("refuses another look", function()
                    app.setAppearance("sepia")
                  end)
                end)
                """,
        ])
        defer { directory.remove() }
        let results = await SpecRunner(bundle: try ScriptBundle(directory: directory.root)).run("spec/look_spec.lua")
        #expect(results.passedCount == 1, "\(results.cases.map(\.failures))")
        let refused = try #require(results.cases.first { !$0.failures.isEmpty })
        let failure = refused.failures.joined()
        #expect(failure.contains("spec/look_spec.lua:8: app.setAppearance: 'sepia' is not \"light\" or \"dark\""), "\(failure)")
    }
}
