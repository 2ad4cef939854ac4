// Types the dev server's public API names that live below it, so its callers see them without
// importing those modules: HeaderField (the client's headers, the mock API's type) and
// RunningServer (what `DevServer.start()` returns, LunarServing's; `mockAPIURL` is LunarMockAPI's).
@_exported import struct LunarMockAPI.HeaderField
@_exported import class LunarServing.RunningServer
