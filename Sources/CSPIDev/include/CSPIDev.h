// The spidev ioctl request numbers, from the kernel's <linux/spi/spidev.h>. They are
// function-like macros (_IOW…), which Swift cannot import, so they are returned by functions
// instead of being written down as numbers.
#ifndef CSPIDEV_H
#define CSPIDEV_H

#include <linux/spi/spidev.h>

/// SPI_IOC_MESSAGE(1): one full-duplex transfer.
unsigned long cspidev_ioc_message_1(void);
/// SPI_IOC_WR_MODE / SPI_IOC_RD_MODE: the clock polarity and phase (mode 0–3).
unsigned long cspidev_ioc_wr_mode(void);
unsigned long cspidev_ioc_rd_mode(void);
/// SPI_IOC_WR_BITS_PER_WORD / SPI_IOC_RD_BITS_PER_WORD.
unsigned long cspidev_ioc_wr_bits_per_word(void);
unsigned long cspidev_ioc_rd_bits_per_word(void);
/// SPI_IOC_WR_MAX_SPEED_HZ / SPI_IOC_RD_MAX_SPEED_HZ.
unsigned long cspidev_ioc_wr_max_speed_hz(void);
unsigned long cspidev_ioc_rd_max_speed_hz(void);

#endif
