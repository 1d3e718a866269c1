#include "CSPIDev.h"

unsigned long cspidev_ioc_message_1(void) { return SPI_IOC_MESSAGE(1); }
unsigned long cspidev_ioc_wr_mode(void) { return SPI_IOC_WR_MODE; }
unsigned long cspidev_ioc_rd_mode(void) { return SPI_IOC_RD_MODE; }
unsigned long cspidev_ioc_wr_bits_per_word(void) { return SPI_IOC_WR_BITS_PER_WORD; }
unsigned long cspidev_ioc_rd_bits_per_word(void) { return SPI_IOC_RD_BITS_PER_WORD; }
unsigned long cspidev_ioc_wr_max_speed_hz(void) { return SPI_IOC_WR_MAX_SPEED_HZ; }
unsigned long cspidev_ioc_rd_max_speed_hz(void) { return SPI_IOC_RD_MAX_SPEED_HZ; }
