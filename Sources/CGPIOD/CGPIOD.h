// libgpiod, found through pkg-config (libgpiod-dev). NixieLinux keeps every call behind one
// small interface (GPIOChipAPI), so a libgpiod 2.x implementation can replace the 1.6 one.
#include <gpiod.h>
