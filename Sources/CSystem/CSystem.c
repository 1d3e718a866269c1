#define _GNU_SOURCE
#include <pthread.h>
#include "CSystem.h"

int csystem_adjtimex_read(int *status) {
  struct timex tx = {0};
  int state = adjtimex(&tx);
  if (status) *status = tx.status;
  return state;
}

void csystem_name_this_thread(const char *name) {
  char shortened[16];
  size_t length = 0;
  while (name[length] != 0 && length < 15) {
    shortened[length] = name[length];
    length++;
  }
  shortened[length] = 0;
  pthread_setname_np(pthread_self(), shortened);
}
