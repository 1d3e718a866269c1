// The i2c-dev ioctls (I2C_SLAVE, I2C_FUNCS) from the kernel headers and libi2c's SMBus
// helpers (libi2c-dev), which return -errno on failure.
#include <linux/i2c.h>
#include <linux/i2c-dev.h>
#include <i2c/smbus.h>
