// The declaration in include/fuzzer_driver.h is all this target provides;
// libFuzzer (linked by -sanitize=fuzzer) defines the function.
#include "fuzzer_driver.h"
