// CZlib: zlib from the system (Debian: zlib1g-dev; macOS and iOS: the SDK's), for the zip
// reader and writer of LunarArchive: raw deflate streams and CRC-32.
#ifndef CZLIB_SHIM_H
#define CZLIB_SHIM_H
#include <zlib.h>

// inflateInit2 and deflateInit2 are macros Swift cannot call. Raw streams (negative window
// bits): a zip entry's data is deflate without the zlib header and trailer.
static inline int lunar_inflate_init_raw(z_streamp stream) {
    return inflateInit2(stream, -MAX_WBITS);
}

static inline int lunar_deflate_init_raw(z_streamp stream) {
    return deflateInit2(stream, Z_DEFAULT_COMPRESSION, Z_DEFLATED, -MAX_WBITS, 8, Z_DEFAULT_STRATEGY);
}
#endif
