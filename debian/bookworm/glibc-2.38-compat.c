/*
 * The C library functions that trixie's static Swift runtime (built against glibc 2.41) calls
 * and bookworm's glibc 2.36 lacks, written with what 2.36 has. Linked into the arm64 binary of
 * `Scripts/package --bookworm` only; see docs/PACKAGING.md.
 *
 * glibc 2.38 redirects strtol and sscanf to C23 variants (__isoc23_*), which also read the
 * 0b prefix and %b; nothing in the runtime parses binary numbers, so the C99 functions do.
 * strlcpy and strlcat are new in glibc 2.38 (from the BSDs).
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

long __isoc23_strtol(const char *text, char **end, int base) { return strtol(text, end, base); }
long long __isoc23_strtoll(const char *text, char **end, int base) { return strtoll(text, end, base); }
unsigned long __isoc23_strtoul(const char *text, char **end, int base) { return strtoul(text, end, base); }
unsigned long long __isoc23_strtoull(const char *text, char **end, int base) {
  return strtoull(text, end, base);
}

int __isoc23_vsscanf(const char *text, const char *format, va_list arguments) {
  return vsscanf(text, format, arguments);
}

int __isoc23_sscanf(const char *text, const char *format, ...) {
  va_list arguments;
  va_start(arguments, format);
  int count = vsscanf(text, format, arguments);
  va_end(arguments);
  return count;
}

/* Copies at most size - 1 bytes and terminates; returns strlen(source). */
size_t strlcpy(char *destination, const char *source, size_t size) {
  size_t length = strlen(source);
  if (size > 0) {
    size_t count = length < size - 1 ? length : size - 1;
    memcpy(destination, source, count);
    destination[count] = '\0';
  }
  return length;
}

/* Appends while the result fits in size bytes; returns the length it tried to make. */
size_t strlcat(char *destination, const char *source, size_t size) {
  size_t used = strnlen(destination, size);
  if (used == size) return size + strlen(source);
  return used + strlcpy(destination + used, source, size - used);
}
