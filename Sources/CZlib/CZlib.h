// zlib (zlib1g-dev, on every Debian system as zlib1g), found through pkg-config: nixie web
// compresses its larger files with gzip for browsers that accept it.
#include <zlib.h>
