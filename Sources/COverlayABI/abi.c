// COverlayABI is its header; SwiftPM builds no C target without a source file.
#include "COverlayABI.h"
_Static_assert(FT_MENU_MAX_ITEMS == 4, "SPEC §11: a menu shows at most four items");
