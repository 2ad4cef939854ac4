// The limits every JSON reader and writer in Lunar shares: the C decoder and encoder behind
// Lua's `json` (CLunar) and LunarJSON's parser (network and storage). docs/lua/json.md.
#ifndef LUNAR_JSON_LIMITS_H
#define LUNAR_JSON_LIMITS_H

/// Deepest nesting of arrays and objects that is read or written; one level deeper is refused.
#define LUNAR_JSON_MAX_DEPTH 512

#endif
