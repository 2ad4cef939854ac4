-- The login page of the original template: account and password fields, the
-- account capped at 25 characters, a button enabled only when the form is valid.
local ui = require("lunar.ui")
local nav = require("lunar.navigator")

local screen = { title = "Login" }

local ACCOUNT_LIMIT = 25

function screen:load()
  self.account = ""
  self.password = ""
end

function screen:isValid()
  return #self.account >= 3 and #self.password >= 6
end

function screen:render()
  return ui.Column {
    ui.Text "Welcome to the Lunar showcase",
    ui.TextField {
      id = "account", placeholder = "Account", value = self.account, maxLength = ACCOUNT_LIMIT,
      onChange = function(text) self.account = text:sub(1, ACCOUNT_LIMIT) end,
    },
    ui.TextField {
      id = "password", placeholder = "Password", value = self.password, secure = true,
      onChange = function(text) self.password = text end,
    },
    ui.Button {
      id = "login", title = "Log in", disabled = not self:isValid(),
      onPress = function()
        ui.toast("Signed in as " .. self.account)
        nav.push("intro", { account = self.account })
      end,
    },
    ui.Divider(),
    ui.Text { "About Lunar", id = "about", onPress = function() nav.present("intro") end },
  }
end

return screen
