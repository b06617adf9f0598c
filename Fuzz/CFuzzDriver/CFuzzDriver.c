// Declarations only (include/CFuzzDriver.h); SwiftPM wants a source file per C target.
#include "CFuzzDriver.h"
