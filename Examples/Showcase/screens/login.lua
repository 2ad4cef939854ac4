-- Login: fields bound to the view-model, a button driven by its command, a HUD
-- while the request is in flight, errors as a toast.
local ui = require("lunar.ui")
local nav = require("lunar.navigator")
local storage = require("lunar.storage")
local theme = require("theme")
local FormRow = require("components.form_row")

local screen = { title = "Login", viewModel = "viewmodels.login" }

function screen:bindViewModel()
  local vm = self.viewModel
  vm.login.executing:subscribe(function(busy)
    if busy then ui.hud.show("Signing in") else ui.hud.hide() end
  end):disposeWith(self.lifetime)
  vm.login.errors:subscribe(function(err)
    ui.toast(err.status == 401 and "Wrong account or password" or ("Login failed: " .. tostring(err.message)))
  end):disposeWith(self.lifetime)
  vm.login.values:subscribe(function()
    nav.push("list")
  end):disposeWith(self.lifetime)
end

function screen:render()
  local vm = self.viewModel
  return theme.Page("Sign in to try every module", {
    ui.Text { storage.get("loggedIn") and "Welcome back" or "Welcome to the Lunar showcase", style = theme.body },
    ui.Column { style = theme.form,
      FormRow { hint = vm.ACCOUNT_MIN .. " to " .. vm.ACCOUNT_LIMIT .. " characters",
        ui.TextField { id = "account", placeholder = "Account", bind = vm.account, maxLength = vm.ACCOUNT_LIMIT,
                       style = theme.field },
      },
      FormRow { hint = "At least " .. vm.PASSWORD_MIN .. " characters",
        ui.TextField { id = "password", placeholder = "Password", bind = vm.password, secure = true,
                       style = theme.field },
      },
      ui.Button { id = "login", title = "Log in", command = vm.login, style = theme.primary },
    },
    ui.Divider(),
    ui.Row { style = theme.links,
      ui.Button { id = "jump", title = "Jump page", onPress = function() nav.push("jump") end, style = theme.link },
      ui.Button { id = "about", title = "About", onPress = function() nav.present("intro") end, style = theme.link },
    },
  })
end

return screen
