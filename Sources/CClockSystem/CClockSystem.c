#include "CClockSystem.h"

int cclock_adjtimex_read(int *status) {
  struct timex tx = {0};
  int state = adjtimex(&tx);
  if (status) *status = tx.status;
  return state;
}
