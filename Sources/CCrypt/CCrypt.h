// libcrypt (libxcrypt, Debian libcrypt-dev; libcrypt1 is on every Debian system): the password
// hashes of /etc/shadow. nixie web uses its yescrypt through crypt_gensalt_rn and crypt_r.
// Linked dynamically: libxcrypt is LGPL-2.1-or-later, and the shared library is already there.
#include <crypt.h>
