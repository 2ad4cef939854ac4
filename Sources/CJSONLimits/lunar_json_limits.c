// A header-only module (include/lunar_json_limits.h); SwiftPM builds a C target from at least one source.
#include "lunar_json_limits.h"
