-- The sample list: items from the API through a reformer, cached, with a
-- refresh command (pull-to-refresh) and an empty state.
local signal = require("lunar.signal")
local api = require("api")

local ListViewModel = {}

function ListViewModel:initialize()
  self.items = signal.value({})
  self.loaded = signal.value(false)
  self.refresh = signal.command {
    run = function()
      return api.signal(api.items()):doNext(function(items)
        self.items:set(items)
        self.loaded:set(true)
      end)
    end,
  }
end

return ListViewModel
