/* libxml2 (Debian: libxml2-dev), found through pkg-config (`libxml-2.0`). Swift code does not import
   libxml2's headers directly: they include the system ICU headers, which clash with the ICU copy
   inside Foundation. `CSVGXML` wraps the few calls lottiekit needs behind opaque pointers. */
#include <libxml/xmlversion.h>
