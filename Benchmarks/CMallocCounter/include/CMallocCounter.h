#include <stdint.h>
/// Number of malloc/calloc/realloc calls made in this process so far.
uint64_t forcetouch_allocation_count(void);
/// Number of malloc/calloc/realloc calls made on the calling thread so far.
uint64_t forcetouch_thread_allocation_count(void);
