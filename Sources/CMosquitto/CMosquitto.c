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
  RESOLVE(reason_string, "mosquitto_reason_string");
  RESOLVE(int_option, "mosquitto_int_option");
  RESOLVE(connect_bind_v5, "mosquitto_connect_bind_v5");
  RESOLVE(property_add_int32, "mosquitto_property_add_int32");
  RESOLVE(property_free_all, "mosquitto_property_free_all");
#undef RESOLVE
  *api = loaded;
  return 0;
}

// libmosquitto has no asynchronous connect that takes CONNECT properties, but it keeps the
// properties of the last mosquitto_connect_bind_v5 for the connections after it
// (mosquitto_connect_async, mosquitto_reconnect_async: lib/connect.c, mosquitto__reconnect, in
// 2.0.11 as in 2.0.20). mosquitto_connect_bind_v5 stores them (or, given none, frees the stored
// ones) before it checks its port, so a call with port -1 stores them and returns
// MOSQ_ERR_INVAL without connecting: the blocking connect it would make is never made.
static int store_connect_properties(const CMosquittoAPI *api, struct mosquitto *mosq,
                                    const mosquitto_property *properties) {
  int rc = api->connect_bind_v5(mosq, "", -1, 60, NULL, properties);
  return rc == MOSQ_ERR_INVAL ? MOSQ_ERR_SUCCESS : (rc == MOSQ_ERR_SUCCESS ? MOSQ_ERR_UNKNOWN : rc);
}

int cmosquitto_use_mqtt5(const CMosquittoAPI *api, struct mosquitto *mosq, uint32_t maximum_packet_size) {
  int rc = api->int_option(mosq, MOSQ_OPT_PROTOCOL_VERSION, MQTT_PROTOCOL_V5);
  if (rc != MOSQ_ERR_SUCCESS) return rc;
  mosquitto_property *properties = NULL;
  rc = api->property_add_int32(&properties, MQTT_PROP_MAXIMUM_PACKET_SIZE, maximum_packet_size);
  if (rc == MOSQ_ERR_SUCCESS) rc = store_connect_properties(api, mosq, properties);
  api->property_free_all(&properties);
  return rc;
}

int cmosquitto_use_mqtt311(const CMosquittoAPI *api, struct mosquitto *mosq) {
  int rc = store_connect_properties(api, mosq, NULL);
  if (rc != MOSQ_ERR_SUCCESS) return rc;
  return api->int_option(mosq, MOSQ_OPT_PROTOCOL_VERSION, MQTT_PROTOCOL_V311);
}
