#include <stdint.h>
/// Number of malloc/calloc/realloc calls made in this process so far.
uint64_t forcetouch_allocation_count(void);
