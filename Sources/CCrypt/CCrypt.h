// libcrypt (libxcrypt, Debian libcrypt-dev; libcrypt1 is on every Debian system): the password
// hashes of /etc/shadow. nixie web uses its yescrypt through crypt_gensalt_rn and crypt_r.
// Linked dynamically: libxcrypt is LGPL-2.1-or-later, and the shared library is already there.
#include <crypt.h>
#include <stddef.h>

// struct crypt_data, crypt_r's working memory, is 32 KiB of char arrays: imported into Swift it
// would be a tuple of 30 720 elements whose generated value witnesses alone take 29 KB of
// code. Swift allocates it as raw bytes of this size and hands it to ccrypt_r.

/// sizeof(struct crypt_data).
static inline size_t ccrypt_data_size(void) { return sizeof(struct crypt_data); }

/// crypt_r(phrase, setting, data), `data` being ccrypt_data_size() bytes, zeroed before first use.
static inline char *ccrypt_r(const char *phrase, const char *setting, void *data) {
  return crypt_r(phrase, setting, (struct crypt_data *)data);
}
