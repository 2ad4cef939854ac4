// CUtf8proc: utf8proc's character properties (Debian: libutf8proc-dev; Homebrew: utf8proc),
// for the terminal renderer's column widths.
#ifndef CUTF8PROC_SHIM_H
#define CUTF8PROC_SHIM_H
#include <utf8proc.h>
#endif
