import CFuzzerDriver
import Foundation

// Hands the command line to libFuzzer, which calls fuzzHeaders for each input.
var argc = CommandLine.argc
var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
exit(LLVMFuzzerRunDriver(&argc, &argv) { fuzzHeaders($0, $1) })
