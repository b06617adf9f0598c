// Counts heap allocations by interposing malloc and friends in the executable that links it
// (the benchmark, and the tests' allocation guard); the real work is done by glibc's
// __libc_* entry points.
#include "CMallocCounter.h"
#include <stddef.h>
#include <stdatomic.h>

extern void *__libc_malloc(size_t);
extern void *__libc_calloc(size_t, size_t);
extern void *__libc_realloc(void *, size_t);
extern void __libc_free(void *);
extern void *__libc_memalign(size_t, size_t);

static _Atomic uint64_t count;
// Per thread too: a test counts what its own thread allocates while other tests run beside
// it. Initial-exec, because a dynamically allocated TLS block would be made by malloc.
static _Thread_local uint64_t thread_count __attribute__((tls_model("initial-exec")));

#define COUNT() (atomic_fetch_add_explicit(&count, 1, memory_order_relaxed), thread_count++)

void *malloc(size_t n) { COUNT(); return __libc_malloc(n); }
void *calloc(size_t a, size_t b) { COUNT(); return __libc_calloc(a, b); }
void *realloc(void *p, size_t n) { COUNT(); return __libc_realloc(p, n); }
void free(void *p) { __libc_free(p); }
int posix_memalign(void **out, size_t align, size_t n) {
    COUNT();
    void *p = __libc_memalign(align, n);
    if (!p) return 12;
    *out = p;
    return 0;
}
void *aligned_alloc(size_t align, size_t n) { COUNT(); return __libc_memalign(align, n); }

uint64_t forcetouch_allocation_count(void) { return atomic_load_explicit(&count, memory_order_relaxed); }
uint64_t forcetouch_thread_allocation_count(void) { return thread_count; }
