// libFuzzer's entry for programs that have their own main (compiler-rt, FuzzerInterface.h).
// SwiftPM renames a Swift executable's `main` to `<module>_main` and points `main` at it, so
// libFuzzer's own `main` is never linked; each target's `<module>_main` calls this instead.
#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));
