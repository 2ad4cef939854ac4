-- The login view-model: account and password bound to the fields, the account
-- capped at 25 characters, and a login command enabled only for a valid form.
local signal = require("lunar.signal")
local storage = require("lunar.storage")
local api = require("api")

local LoginViewModel = {}

LoginViewModel.ACCOUNT_LIMIT = 25
-- The shortest account and password the login command accepts (the form rows' hints say so).
LoginViewModel.ACCOUNT_MIN = 3
LoginViewModel.PASSWORD_MIN = 6

function LoginViewModel:initialize()
  self.account = signal.value("")
  self.password = signal.value("")
  -- RAC(viewModel, account) with a length cap: the view shows what the view-model keeps.
  self.account:changes():subscribe(function(text)
    if #text > LoginViewModel.ACCOUNT_LIMIT then self.account:set(text:sub(1, LoginViewModel.ACCOUNT_LIMIT)) end
  end)
  self.valid = signal.combineLatest(self.account, self.password):map(function(values)
    return #values[1] >= LoginViewModel.ACCOUNT_MIN and #values[2] >= LoginViewModel.PASSWORD_MIN
  end)
  self.login = signal.command {
    enabled = self.valid,
    run = function()
      return api.signal(api.login(self.account:get(), self.password:get()))
        :doNext(function(session)
          storage.set("loggedIn", true)
          storage.set(api.TOKEN, session[api.TOKEN])
        end)
    end,
  }
end

return LoginViewModel
