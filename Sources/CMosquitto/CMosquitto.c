#include "CMosquitto.h"

#include <dlfcn.h>
#include <stdio.h>

int cmosquitto_load(CMosquittoAPI *api, char *error, size_t size) {
  // RTLD_NODELETE: the library stays mapped for the process's life, as if it were linked.
  void *library = dlopen(cmosquitto_library, RTLD_NOW | RTLD_LOCAL | RTLD_NODELETE);
  if (library == NULL) {
    const char *reason = dlerror();
    snprintf(error, size, "%s", reason != NULL ? reason : "dlopen failed");
    return -1;
  }
  CMosquittoAPI loaded;
#define RESOLVE(field, symbol)                                                                     \
  do {                                                                                             \
    void *address = dlsym(library, symbol);                                                        \
    if (address == NULL) {                                                                         \
      snprintf(error, size, "%s has no %s (libmosquitto 1.6 or later is needed)",                  \
               cmosquitto_library, symbol);                                                        \
      return -1;                                                                                   \
    }                                                                                              \
    loaded.field = (__typeof__(loaded.field))address;                                              \
  } while (0)
  RESOLVE(lib_init, "mosquitto_lib_init");
  RESOLVE(lib_version, "mosquitto_lib_version");
  RESOLVE(create, "mosquitto_new");
  RESOLVE(destroy, "mosquitto_destroy");
  RESOLVE(username_pw_set, "mosquitto_username_pw_set");
  RESOLVE(will_set, "mosquitto_will_set");
  RESOLVE(tls_set, "mosquitto_tls_set");
  RESOLVE(connect_async, "mosquitto_connect_async");
  RESOLVE(disconnect, "mosquitto_disconnect");
  RESOLVE(publish, "mosquitto_publish");
  RESOLVE(subscribe, "mosquitto_subscribe");
  RESOLVE(unsubscribe, "mosquitto_unsubscribe");
  RESOLVE(socket, "mosquitto_socket");
  RESOLVE(loop_read, "mosquitto_loop_read");
  RESOLVE(loop_write, "mosquitto_loop_write");
  RESOLVE(loop_misc, "mosquitto_loop_misc");
  RESOLVE(want_write, "mosquitto_want_write");
  RESOLVE(connect_callback_set, "mosquitto_connect_callback_set");
  RESOLVE(disconnect_callback_set, "mosquitto_disconnect_callback_set");
  RESOLVE(message_callback_set, "mosquitto_message_callback_set");
  RESOLVE(publish_callback_set, "mosquitto_publish_callback_set");
  RESOLVE(strerror, "mosquitto_strerror");
  RESOLVE(connack_string, "mosquitto_connack_string");
#undef RESOLVE
  *api = loaded;
  return 0;
}
