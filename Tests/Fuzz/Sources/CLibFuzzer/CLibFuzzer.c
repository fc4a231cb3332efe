// The declaration is all this module holds; libFuzzer itself comes with the
// toolchain (libclang_rt.fuzzer) and is linked by -sanitize=fuzzer.
#include "CLibFuzzer.h"
