#ifndef LUNAR_FUZZER_DRIVER_H
#define LUNAR_FUZZER_DRIVER_H

#include <stddef.h>
#include <stdint.h>

// libFuzzer's entry for programs with their own main (SwiftPM gives every
// executable its own entry point, so libFuzzer's main cannot be used).
// Runs the fuzzer with the command line and calls `callback` for each input.
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));

#endif
