// The box is LunarBase's (one for every executor); re-exported because LuaExecutor's jobs
// carry values in it, so a host that imports LunarBridge names it as before.
@_exported import struct LunarBase.ExecutorBound
