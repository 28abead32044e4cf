// Only the header matters; SwiftPM needs a source file to make this a C target.
#include "CFuzzerDriver.h"
