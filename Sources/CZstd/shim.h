// libzstd from the system (Debian: libzstd-dev; Homebrew: zstd): update patches, with the
// semantics of `zstd --patch-from` (the previous archive as a reference prefix).
#include <zstd.h>
