// libgpiod, found through pkg-config (libgpiod-dev): 1.6 on Debian 12, 2.x on Debian 13, or
// whichever PKG_CONFIG_PATH names. The two APIs differ; NixieLinux has an implementation of
// each behind one small interface (GPIOChipAPI), and Package.swift picks one from the version.
#include <gpiod.h>
