#include <stddef.h>
#include <stdint.h>

/// libFuzzer's driver, for a program with a main of its own (LLVM 11 and later). Defined only
/// when linked with -sanitize=fuzzer: call it only in a FORCETOUCH_LIBFUZZER build.
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));
