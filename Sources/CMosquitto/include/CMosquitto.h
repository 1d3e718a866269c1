// libmosquitto (the Eclipse Mosquitto project's MQTT client library; Debian libmosquitto-dev,
// libmosquitto1), for `nixie mqtt` alone. It is not linked: libmosquitto pulls libssl and
// libcrypto in, which cost any process that maps them about 2 MiB of resident memory even
// unused — the clock daemon, the same binary, would break its 12 MiB bound
// (docs/ARCHITECTURE.md, "Libraries weighed"). `nixie mqtt` loads it at run time
// (cmosquitto_load, dlopen) and calls it through the function pointers below, each typed by
// the library's own header, so a prototype that changed would not compile.
#ifndef CMOSQUITTO_H
#define CMOSQUITTO_H

#include <mosquitto.h>
#include <mqtt_protocol.h>
#include <stddef.h>
#include <stdint.h>

/// The functions of libmosquitto nixie calls, resolved by cmosquitto_load.
typedef struct CMosquittoAPI {
  __typeof__(mosquitto_lib_init) *lib_init;
  __typeof__(mosquitto_lib_version) *lib_version;
  __typeof__(mosquitto_new) *create;
  __typeof__(mosquitto_destroy) *destroy;
  __typeof__(mosquitto_username_pw_set) *username_pw_set;
  __typeof__(mosquitto_will_set) *will_set;
  __typeof__(mosquitto_tls_set) *tls_set;
  __typeof__(mosquitto_connect_async) *connect_async;
  __typeof__(mosquitto_disconnect) *disconnect;
  __typeof__(mosquitto_publish) *publish;
  __typeof__(mosquitto_subscribe) *subscribe;
  __typeof__(mosquitto_unsubscribe) *unsubscribe;
  __typeof__(mosquitto_socket) *socket;
  __typeof__(mosquitto_loop_read) *loop_read;
  __typeof__(mosquitto_loop_write) *loop_write;
  __typeof__(mosquitto_loop_misc) *loop_misc;
  __typeof__(mosquitto_want_write) *want_write;
  __typeof__(mosquitto_connect_callback_set) *connect_callback_set;
  __typeof__(mosquitto_disconnect_callback_set) *disconnect_callback_set;
  __typeof__(mosquitto_message_callback_set) *message_callback_set;
  __typeof__(mosquitto_publish_callback_set) *publish_callback_set;
  __typeof__(mosquitto_strerror) *strerror;
  __typeof__(mosquitto_connack_string) *connack_string;
  __typeof__(mosquitto_reason_string) *reason_string;
  __typeof__(mosquitto_int_option) *int_option;
  __typeof__(mosquitto_connect_bind_v5) *connect_bind_v5;
  __typeof__(mosquitto_property_add_int32) *property_add_int32;
  __typeof__(mosquitto_property_free_all) *property_free_all;
} CMosquittoAPI;

/// The library's file name: its SONAME, as Debian's libmosquitto1 installs it.
static const char *const cmosquitto_library = "libmosquitto.so.1";

/// Loads libmosquitto.so.1 (once per process; later calls return the same functions) and
/// fills `api`. Returns 0; or -1, leaving `api` untouched, with what went wrong (dlopen's or
/// dlsym's message) in `error`, at most `size` bytes with its NUL.
int cmosquitto_load(CMosquittoAPI *api, char *error, size_t size);

/// Makes `mosq`'s next connections MQTT 5 ones whose CONNECT tells the broker the largest packet
/// this client takes (Maximum Packet Size, MQTT 5 §3.1.2.11.4): the broker then drops bigger
/// messages instead of sending them (Mosquitto logs "Dropping too large outgoing PUBLISH"), so
/// no payload of megabytes is ever read. Returns a `MOSQ_ERR_…`.
int cmosquitto_use_mqtt5(const CMosquittoAPI *api, struct mosquitto *mosq, uint32_t maximum_packet_size);

/// Makes `mosq`'s next connections MQTT 3.1.1 ones, for a broker that does not speak MQTT 5 (its
/// messages are then read whole, whatever their size). Returns a `MOSQ_ERR_…`.
int cmosquitto_use_mqtt311(const CMosquittoAPI *api, struct mosquitto *mosq);

#endif
