import Foundation

/// The files `lunar new NAME` writes: a bundle with one screen, its
/// view-model (a signal property bound to a field), a spec, a mock API
/// answer, and the editor and lint set-up. It passes `lunar check`.
public enum BundleTemplate {
    /// Relative path → contents, sorted by path.
    public static func files(name: String, bridgeAPI: String) -> [(path: String, contents: String)] {
        [
            (".gitignore", ".lunar/\n"),
            (".luacheckrc", luacheckrc),
            ("manifest.json", manifest(name: name, bridgeAPI: bridgeAPI)),
            ("mock-api/GET/hello.json", "{ \"message\": \"Hello from the mock API\" }\n"),
            ("screens/home.lua", homeScreen),
            ("spec/home_spec.lua", homeSpec),
            ("viewmodels/home.lua", homeViewModel),
        ]
    }

    static func manifest(name: String, bridgeAPI: String) -> String {
        """
        {
          "name": "\(name)",
          "version": "0.1.0",
          "entry": "/home",
          "routes": {
            "/home": "screens.home"
          },
          "bridgeAPI": "\(bridgeAPI)"
        }

        """
    }

    /// Lua 5.4 as the sandbox has it, plus the spec globals of `lunar test`.
    static let luacheckrc = """
        -- luacheck (Debian: lua-check) for a Lunar bundle. Scripts run in Lua 5.4's sandbox:
        -- no io, debug, dofile or loadfile; modules come from require("lunar.*") and require("native.*").
        std = "lua54"
        not_globals = { "io", "debug", "dofile", "loadfile" }
        max_line_length = 120
        -- Screen methods take self whether or not they use it (render, load, ...).
        self = false
        exclude_files = { "**/.lunar/**" }

        -- Specs (`lunar test`) get the spec language and the app driver as globals.
        stds.lunar_spec = { read_globals = { "describe", "it", "before_each", "after_each", "expect", "app" } }
        files["**/spec/**/*_spec.lua"] = { std = "+lunar_spec" }

        """

    static let homeScreen = """
        -- The home screen: a field bound to the view-model's name, the greeting it derives,
        -- and a button that runs the view-model's fetch command.
        local ui = require("lunar.ui")

        local screen = { title = "Home", viewModel = "viewmodels.home" }

        function screen:render()
          local vm = self.viewModel
          return ui.Column {
            ui.TextField { id = "name", placeholder = "Name", bind = vm.name, maxLength = 40 },
            ui.Text { id = "greeting", text = vm.greeting },
            ui.Button { id = "fetch", title = "Say hello", command = vm.fetch },
            ui.Text { id = "message", text = vm.message },
          }
        end

        return screen

        """

    static let homeViewModel = """
        -- The home screen's view-model: the name typed (a signal property), the greeting
        -- derived from it, and a command that asks the API for a message.
        local signal = require("lunar.signal")
        local net = require("lunar.net")
        local decode = require("lunar.decode")

        local ViewModel = {}

        function ViewModel:initialize()
          self.name = signal.value("")
          self.greeting = self.name:map(function(name)
            if name == "" then return "Who are you?" end
            return "Hello, " .. name .. "!"
          end)
          self.message = signal.value("")
          self.fetch = signal.command {
            run = function()
              return signal.create(function(observer)
                net.send(net.request { path = "/hello" }, function(result, err)
                  if err then
                    observer:fail(err)
                    return
                  end
                  observer:send(decode.string(result, "message"))
                  observer:complete()
                end)
              end)
            end,
          }
          self.fetch.values:subscribe(function(message) self.message:set(message) end)
          self.fetch.errors:subscribe(function(err) self.message:set("Failed: " .. tostring(err.message)) end)
        end

        return ViewModel

        """

    static let homeSpec = """
        -- Run with `lunar test .`: the mock API (mock-api/) answers on loopback.
        describe("home", function()
          before_each(function()
            app.open("/home")
          end)

          it("greets the name typed", function()
            app.type("name", "Ada")
            expect(app.screen()):toContain("Hello, Ada!")
          end)

          it("shows the message from the API", function()
            app.tap("Say hello")
            app.wait()
            expect(app.screen()):toContain("Hello from the mock API")
          end)
        end)

        """
}
