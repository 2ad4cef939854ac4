import CFuzzerDriver
import Foundation

// Hands the command line to libFuzzer, which calls fuzzPageMessage for each input.
var argc = CommandLine.argc
var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
exit(LLVMFuzzerRunDriver(&argc, &argv) { fuzzPageMessage($0, $1) })
