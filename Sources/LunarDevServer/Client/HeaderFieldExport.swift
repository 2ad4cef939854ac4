// The dev server client's public API names HeaderField (headers sent and received); it is the
// mock API's type, so a caller of DevServerClient sees it without importing LunarMockAPI.
@_exported import struct LunarMockAPI.HeaderField
